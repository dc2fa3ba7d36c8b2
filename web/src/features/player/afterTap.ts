/** What the player needs from the talk's first tap on: one chunk, loaded then (videoStage.ts). */
export { createCuedClip, type CuedClip } from './cuedClip.ts';
export { routeSound, type SoundRoute } from './soundRoute.ts';
