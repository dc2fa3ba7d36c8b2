/**
 * Engagement pieces other features use (features never import each other;
 * they go through app/): the notifications of the menu's popup and its unread
 * badge, and the device information of SPEC.md §7 (contact form, socket logger).
 * The pages themselves load lazily (features/engagement/pages.ts).
 */
export { useNotificationsQuery, useNotificationsAvailableQuery, useMarkNotificationsReadMutation } from '../features/engagement/engagementApi.ts';
export { deviceInfoFrom, currentDeviceInfo, type UserAgentHints } from '../features/engagement/deviceInfo.ts';
