import type { ServiceModule } from '@talkwith/platform';
import { billingPlugin } from './plugin.ts';

export const billingService: ServiceModule = {
  name: 'billing',
  prefixes: ['/api/billing', '/api/payment'],
  plugin: billingPlugin,
};
export default billingService;
