// The engagement service reads only the platform-wide variables (one schema, one .env.example).
export { loadServiceConfig as loadEngagementConfig, platformConfigSchema as engagementConfigSchema } from '@talkwith/platform/platform';
