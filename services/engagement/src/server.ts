// Distributed mode: the engagement service alone. PORT, JWT_SECRET and the adapter URLs come from the environment.
import { runService } from '@talkwith/platform/platform';
import { engagementService } from './index.ts';

await runService(engagementService);
