// Distributed mode: the logging service alone. PORT, JWT_SECRET and the adapter URLs come from the environment.
import { runService } from '@talkwith/platform/platform';
import { loggingService } from './index.ts';

await runService(loggingService);
