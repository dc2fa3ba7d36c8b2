import type { ServiceModule } from '@talkwith/platform';
import { BillingConfig } from './config.ts';
import { billingPlugin } from './plugin.ts';

export const billingService: ServiceModule = {
  name: 'billing',
  prefixes: [
    '/api/billing',
    '/api/payment',
    '/api/talk_tickets',
    '/api/points',
    '/api/subscriptions',
    '/api/cancel_reasons',
    '/api/admin/payment',
    '/api/admin/billing',
    '/api/admin/subscriptions',
    '/api/admin/point',
    '/api/admin/full/users',
    '/api/admin/full/purchases',
    '/api/admin/cancel_reasons',
  ],
  plugin: billingPlugin,
  configSchema: BillingConfig,
};
export default billingService;
