/**
 * Player pieces the admin console's simulator reuses (features never import
 * each other; they go through app/): the player screen on the draft and the
 * draft's recognition port. Only the console (its own chunk) imports this.
 */
// The screen's styles come with it (PlayerPage imports them on the chat route).
import '../features/player/player.css';

export { PlayerScreen } from '../features/player/PlayerScreen.tsx';
export { draftRecognition, useTryDraftMutation } from '../features/player/draftApi.ts';
export type { DraftRun } from '../features/player/usePlayerRunner.ts';
export type { RunnerDeps } from '../features/player/effectRunner.ts';
export { selectPlayer } from '../features/player/playerSlice.ts';
