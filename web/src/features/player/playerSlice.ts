import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { Runtime } from '@talkwith/dialogue-engine/player';
import type { EngineCommand } from '@talkwith/proto/dialogue';
import type { RecognitionFailure } from '../../app/speechCapability.ts';
import { rootReducer } from '../../app/store.ts';
import { applyCommand, initialView, type PlayerView } from './view.ts';

/** webSpeech: the browser recognises; serverSpeech: the dialogue service does (speech-to-text); textOnly: typing only. */
export type SpeechMode = 'webSpeech' | 'serverSpeech' | 'textOnly';

/**
 * Why the user's voice does not reach the talk the way it was meant to, named
 * as /check and /mic_test name it (app/speechCapability.ts: the microphone
 * refused, no microphone, iOS speech recognition off, no recognition in this
 * browser), or as only the player knows it: the server's speech-to-text wants
 * a signed-in user (signInForVoice) or stopped (serverFailed). The player
 * shows what to do for each (PlayerControls' SpeechAdvice).
 */
export type SpeechProblem = RecognitionFailure | 'signInForVoice' | 'serverFailed';

/**
 * Why a talk did not start, shown calmly at the standby: the server wants a
 * ticket (402), the ticket cannot be used here (403, or 409 already bound to
 * a talk), the character is not talkable (404), or the character paid for
 * with the ticket could not be fetched (its ticket is given back).
 */
export type TalkNotice = 'ticketRequired' | 'ticketUnusable' | 'unavailable' | 'fetchFailed';

/**
 * The player: the engine's runtime (plain data, the engine's own `rt`) and
 * the view derived from its commands. The character itself stays in the
 * RTK Query cache; the engine's lookup tables are rebuilt from it.
 */
export interface PlayerState {
  characterId: string | null;
  seed: number;
  rt: Runtime | null;
  view: PlayerView;
  speechMode: SpeechMode;
  /** Why recognition failed or was never had, shown with its advice under the text input (kept while the server listens instead). */
  speechProblem: SpeechProblem | null;
  /** A talk paid with a ticket is being opened (the entitled character is on its way): the start buttons wait. */
  starting: boolean;
  /** Why the last start did not become a talk; cleared by the next start. */
  notice: TalkNotice | null;
}

const initialState: PlayerState = {
  characterId: null,
  seed: 1,
  rt: null,
  view: initialView(),
  speechMode: 'textOnly',
  speechProblem: null,
  starting: false,
  notice: null,
};

export const playerSlice = createSlice({
  name: 'player',
  initialState,
  reducers: {
    sessionOpened(
      _state,
      action: PayloadAction<{
        characterId: string;
        seed: number;
        rt: Runtime;
        speechMode: SpeechMode;
        speechProblem?: SpeechProblem | null;
      }>,
    ) {
      return { ...initialState, ...action.payload, view: initialView() };
    },
    stepped(state, action: PayloadAction<{ rt: Runtime; commands: EngineCommand[] }>) {
      state.rt = action.payload.rt;
      for (const command of action.payload.commands) applyCommand(state.view, command);
    },
    requestSettled(state) {
      state.view.pendingRequests = Math.max(0, state.view.pendingRequests - 1);
    },
    /** Voice cannot reach the talk any more: typing only. */
    speechUnavailable(state, action: PayloadAction<SpeechProblem>) {
      state.speechMode = 'textOnly';
      state.speechProblem = action.payload;
    },
    /** The browser's recogniser failed and the server's speech-to-text listens instead. */
    speechSwitchedToServer(state, action: PayloadAction<SpeechProblem>) {
      state.speechMode = 'serverSpeech';
      state.speechProblem = action.payload;
    },
    talkOpening(state, action: PayloadAction<{ starting: boolean; notice: TalkNotice | null }>) {
      state.starting = action.payload.starting;
      state.notice = action.payload.notice;
    },
    sessionClosed() {
      return initialState;
    },
  },
  selectors: {
    selectPlayer: (state) => state,
    selectPlayerView: (state) => state.view,
  },
});

declare module '../../app/store.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the player slice
  interface LazyLoadedSlices extends WithSlice<typeof playerSlice> {}
}

// Injected when the player chunk loads, so other pages carry none of it.
const injected = playerSlice.injectInto(rootReducer);
export const { selectPlayer, selectPlayerView } = injected.selectors;
export const {
  sessionOpened,
  stepped,
  requestSettled,
  speechUnavailable,
  speechSwitchedToServer,
  talkOpening,
  sessionClosed,
} = playerSlice.actions;
