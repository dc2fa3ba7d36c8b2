import type { ServiceModule } from '@talkwith/platform';
import { IdentityConfig } from './config.ts';
import { identityPlugin } from './plugin.ts';

export const identityService: ServiceModule = {
  name: 'identity',
  prefixes: ['/api/identity', '/api/auth', '/api/admin/users', '/api/admin/operators', '/api/admin/mail'],
  plugin: identityPlugin,
  configSchema: IdentityConfig,
};
export default identityService;
export { seedFirstAdmin, ensureAdmin, type EnsureAdminOutcome } from './first-admin.ts';
