import type { Platform } from '@talkwith/platform';

/** The ports an admin write of the catalog goes through (authoring, taxonomy). */
export type AuthoringPorts = Pick<Platform, 'store' | 'events' | 'files'>;

/** One audited-write helper for every service (platform eventing): an admin write and its `admin.acted` share a transaction. */
export { audited, type AdminActor } from '@talkwith/platform/eventing';
