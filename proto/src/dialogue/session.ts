import { Type, type Static } from '@sinclair/typebox';
import { NullableId } from './common.ts';

/** SPEC.md §3 Play session: what the player shows right now, kept by the engine. */

export const VideoSlotName = Type.Union([Type.Literal('A'), Type.Literal('B')], {
  description: 'one of the two stacked video elements',
});
export type VideoSlotName = Static<typeof VideoSlotName>;

export const VideoSlot = Type.Object({
  video_id: NullableId('video loaded in the slot'),
  playing: Type.Boolean({ description: 'the slot is the visible, playing one' }),
});
export type VideoSlot = Static<typeof VideoSlot>;

export const AppState = Type.Union([Type.Literal('paused'), Type.Literal('playing'), Type.Literal('ended')], {
  description: 'player state; paused until talking starts',
});
export type AppState = Static<typeof AppState>;

export const PlaySession = Type.Object({
  appState: AppState,
  slots: Type.Object(
    { A: VideoSlot, B: VideoSlot },
    { description: 'the two video slots; the next clip is preloaded in the hidden one' },
  ),
  activeSlot: VideoSlotName,
  loopMax: Type.Integer({ minimum: 0, description: 'passes of the current video (0 = endless loop)' }),
  loopCount: Type.Integer({ minimum: 0, description: 'listen loops finished in the current listening' }),
  silenceLoopCount: Type.Integer({ minimum: 0, description: 'silences counted in the current block' }),
  listenVideoOrder: Type.Integer({ minimum: 0, description: 'position in the listen video rotation' }),
  totalBilledTime: Type.Number({ minimum: 0, description: 'ms of talking, pauses excluded' }),
  blockText: Type.String({ description: 'last final utterance in the current block' }),
  blockSpjEmptyCount: Type.Integer({ minimum: 0, description: 'empty SPJ / search results in the current block' }),
  standby: Type.Boolean({ description: 'standby mode: standby loop and start buttons' }),
  startTalking: Type.Boolean({ description: 'false until a conversation has started' }),
});
export type PlaySession = Static<typeof PlaySession>;
