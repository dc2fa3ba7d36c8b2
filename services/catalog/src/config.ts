// The catalog service reads only the platform-wide variables (one schema, one .env.example).
export { loadServiceConfig as loadCatalogConfig, platformConfigSchema as catalogConfigSchema } from '@talkwith/platform/platform';
