// Distributed mode: the catalog service alone. PORT, JWT_SECRET and the adapter URLs come from the environment.
import { runService } from '@talkwith/platform/platform';
import { catalogService } from './index.ts';

await runService(catalogService);
