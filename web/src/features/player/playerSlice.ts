import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { Runtime } from '@talkwith/dialogue-engine';
import type { EngineCommand } from '@talkwith/proto/dialogue';
import { rootReducer } from '../../app/store.ts';
import { applyCommand, initialView, type PlayerView } from './view.ts';

/** How the user's speech reaches the engine: the browser's recogniser, or typing only. */
/** webSpeech: the browser recognises; serverSpeech: the dialogue service does (speech-to-text); textOnly: typing only. */
export type SpeechMode = 'webSpeech' | 'serverSpeech' | 'textOnly';

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
  /** Last speech-recognition problem (e.g. not-allowed), shown next to the text input. */
  speechProblem: string | null;
}

const initialState: PlayerState = { characterId: null, seed: 1, rt: null, view: initialView(), speechMode: 'textOnly', speechProblem: null };

export const playerSlice = createSlice({
  name: 'player',
  initialState,
  reducers: {
    sessionOpened(_state, action: PayloadAction<{ characterId: string; seed: number; rt: Runtime; speechMode: SpeechMode }>) {
      return { ...initialState, ...action.payload, view: initialView() };
    },
    stepped(state, action: PayloadAction<{ rt: Runtime; commands: EngineCommand[] }>) {
      state.rt = action.payload.rt;
      for (const command of action.payload.commands) applyCommand(state.view, command);
    },
    requestSettled(state) {
      state.view.pendingRequests = Math.max(0, state.view.pendingRequests - 1);
    },
    speechUnavailable(state, action: PayloadAction<string>) {
      state.speechMode = 'textOnly';
      state.speechProblem = action.payload;
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
export const { sessionOpened, stepped, requestSettled, speechUnavailable, sessionClosed } = playerSlice.actions;
