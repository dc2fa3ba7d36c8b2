// Distributed mode: the billing service alone. PORT, JWT_SECRET and the adapter URLs come from the environment.
import { runService } from '@talkwith/platform/platform';
import { billingService } from './index.ts';

await runService(billingService);
