import type { ServiceModule } from '@talkwith/platform';
import { EngagementConfig } from './config.ts';
import { engagementPlugin } from './plugin.ts';

export const engagementService: ServiceModule = {
  name: 'engagement',
  prefixes: [
    '/api/engagement',
    '/api/notifications',
    '/api/notification',
    '/api/notifications_available',
    '/api/news',
    '/api/serial',
    '/api/contacts',
    '/api/campaigns',
    '/api/admin/notifications',
    '/api/admin/serials',
    '/api/admin/contacts',
    '/api/admin/campaigns',
  ],
  plugin: engagementPlugin,
  configSchema: EngagementConfig,
};
export default engagementService;
