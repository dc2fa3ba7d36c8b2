// The logging service reads only the platform-wide variables (one schema, one .env.example).
export { loadServiceConfig as loadLoggingConfig, platformConfigSchema as loggingConfigSchema } from '@talkwith/platform/platform';
