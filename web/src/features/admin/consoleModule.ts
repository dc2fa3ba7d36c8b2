import type AdminConsole from './AdminConsole.tsx';
import { onDemandModule } from './onDemand.ts';

/**
 * The admin console's chunk (app/AdminGate renders it): consumers never
 * download it (DESIGN.md §5); only this loader (a few lines) is in the entry.
 */
export const adminConsoleModule = onDemandModule<{ default: typeof AdminConsole }>(() => import('./AdminConsole.tsx'));
