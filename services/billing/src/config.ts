// The billing service reads only the platform-wide variables (one schema, one .env.example).
export { loadServiceConfig as loadBillingConfig, platformConfigSchema as billingConfigSchema } from '@talkwith/platform/platform';
