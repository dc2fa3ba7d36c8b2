/** Engagement HTTP contracts (services/engagement/API.md): notifications and news, serials, contacts, campaigns. */
export * from './common.ts';
export * from './notifications.ts';
export * from './serials.ts';
export * from './contacts.ts';
export * from './campaigns.ts';
