// Distributed mode: the dialogue service alone. PORT, JWT_SECRET and the adapter URLs come from the environment.
import { runService } from '@talkwith/platform/platform';
import { dialogueService } from './index.ts';

await runService(dialogueService);
