import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { Runtime } from '@talkwith/dialogue-engine/player';
import type { EngineCommand } from '@talkwith/proto/dialogue';
import { rootReducer } from '../../app/store.ts';
import { applyCommand, initialView, type PlayerView } from './view.ts';

/** How the user's speech reaches the engine: the browser's recogniser, or typing only. */
/** webSpeech: the browser recognises; serverSpeech: the dialogue service does (speech-to-text); textOnly: typing only. */
export type SpeechMode = 'webSpeech' | 'serverSpeech' | 'textOnly';

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
  /** Last speech-recognition problem (e.g. not-allowed), shown next to the text input. */
  speechProblem: string | null;
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
      action: PayloadAction<{ characterId: string; seed: number; rt: Runtime; speechMode: SpeechMode }>,
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
    speechUnavailable(state, action: PayloadAction<string>) {
      state.speechMode = 'textOnly';
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
export const { sessionOpened, stepped, requestSettled, speechUnavailable, talkOpening, sessionClosed } =
  playerSlice.actions;
