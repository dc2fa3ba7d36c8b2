// The identity service reads only the platform-wide variables (one schema, one .env.example).
export { loadServiceConfig as loadIdentityConfig, platformConfigSchema as identityConfigSchema } from '@talkwith/platform/platform';
