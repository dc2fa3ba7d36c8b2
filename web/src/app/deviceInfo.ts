/**
 * The device information of SPEC.md §7 (features never import each other; they
 * go through app/), as the system check shows it. Not in app/engagement.ts: the
 * menu, which every page carries, imports that, and the user-agent parser would
 * ride along. The player's logger loads it only with an error (deviceReader.ts).
 */
export { deviceInfoFrom, currentDeviceInfo, type UserAgentHints } from '../features/engagement/deviceInfo.ts';
