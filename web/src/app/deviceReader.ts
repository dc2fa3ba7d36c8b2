import type { DeviceInfo } from '@talkwith/proto/engagement';
import { currentDeviceInfo } from '../features/engagement/deviceInfo.ts';

/**
 * The player's socket logger imports this dynamically with its first error log
 * (features/player/logSink.ts). A module of its own, defining a function rather
 * than re-exporting one: a dynamic import of a re-export (or of a module others
 * import statically) makes the bundler build a namespace object, whose helper
 * then moves out of the entry into one more chunk that every route loads.
 */
export function readDevice(): DeviceInfo {
  return currentDeviceInfo();
}
