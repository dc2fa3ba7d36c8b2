// Distributed mode: the identity service alone. PORT, JWT_SECRET and the adapter URLs come from the environment.
import { runService } from '@talkwith/platform/platform';
import { identityService } from './index.ts';

await runService(identityService);
