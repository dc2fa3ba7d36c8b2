/**
 * Engagement pieces other features use (features never import each other;
 * they go through app/): the notifications of the menu's popup and its unread
 * badge. The device information has its own re-export (deviceInfo.ts), so the
 * menu, which every page carries, does not bring its parser along.
 * The pages themselves load lazily (features/engagement/pages.ts).
 */
export {
  useNotificationsQuery,
  useNotificationsAvailableQuery,
  useMarkNotificationsReadMutation,
} from '../features/engagement/engagementApi.ts';
