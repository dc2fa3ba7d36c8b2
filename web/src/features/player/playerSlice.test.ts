import { describe, expect, it } from 'vitest';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import { initialState, step } from '@talkwith/dialogue-engine';
import { makeStore } from '../../app/store.ts';
import {
  selectPlayer,
  sessionClosed,
  sessionOpened,
  speechSwitchedToServer,
  speechUnavailable,
  stepped,
} from './playerSlice.ts';

function opened() {
  const store = makeStore();
  const rt = initialState(demoCharacter, { seed: 3 }).rt;
  store.dispatch(sessionOpened({ characterId: 'demo-mirai', seed: 3, rt, speechMode: 'webSpeech' }));
  return store;
}

describe('player slice', () => {
  it('stepped, engine output for ready, keeps the runtime and shows standby with start buttons', () => {
    const store = opened();
    const result = step(initialState(demoCharacter, { seed: 3 }), { type: 'ready' }, 0);
    store.dispatch(stepped({ rt: result.state.rt, commands: result.commands }));
    const player = selectPlayer(store.getState());
    expect(player.rt?.session.standby).toBe(true);
    expect(player.view.slots.A.videoId).toBe('standby');
    expect(player.view.startButtons).toHaveLength(3);
  });

  it('player state, after steps, survives a JSON round trip unchanged (plain serialisable data)', () => {
    const store = opened();
    let state = initialState(demoCharacter, { seed: 3 });
    for (const input of [{ type: 'ready' }, { type: 'start', source: 'button', buttonId: 'btn-talk' }] as const) {
      const result = step(state, input, 10);
      state = result.state;
      store.dispatch(stepped({ rt: result.state.rt, commands: result.commands }));
    }
    const player = selectPlayer(store.getState());
    expect(JSON.parse(JSON.stringify(player))).toEqual(player);
  });

  it('stepped, end command, marks the conversation ended and closes the microphone view', () => {
    const store = opened();
    store.dispatch(
      stepped({
        rt: initialState(demoCharacter).rt,
        commands: [
          { type: 'micOn', delayMs: 0, showIndicator: true },
          { type: 'end', reason: 'completed', totalBilledTime: 1200 },
        ],
      }),
    );
    expect(selectPlayer(store.getState()).view).toMatchObject({
      micOn: false,
      ended: { reason: 'completed', totalBilledTime: 1200 },
    });
  });

  it('stepped, start buttons shown again, clears what the last conversation showed', () => {
    const store = opened();
    const rt = initialState(demoCharacter).rt;
    store.dispatch(
      stepped({
        rt,
        commands: [
          { type: 'fillSlot', name: 'food', value: 'ラーメン' },
          { type: 'showPreviousSpeech', text: 'ラーメン' },
        ],
      }),
    );
    store.dispatch(stepped({ rt, commands: [{ type: 'showStartButtons', buttons: demoCharacter.startButtons }] }));
    expect(selectPlayer(store.getState()).view).toMatchObject({
      filledSlots: {},
      previousSpeech: null,
      startButtons: demoCharacter.startButtons,
    });
  });

  it('speechUnavailable, then sessionClosed, falls back to typing and then forgets the session', () => {
    const store = opened();
    store.dispatch(speechUnavailable('denied'));
    expect(selectPlayer(store.getState())).toMatchObject({ speechMode: 'textOnly', speechProblem: 'denied' });
    store.dispatch(sessionClosed());
    expect(selectPlayer(store.getState())).toMatchObject({ characterId: null, rt: null, speechProblem: null });
  });

  it('speechSwitchedToServer, browser recognition off during a talk, keeps why and listens on the server', () => {
    const store = opened();
    store.dispatch(speechSwitchedToServer('siriOff'));
    expect(selectPlayer(store.getState())).toMatchObject({ speechMode: 'serverSpeech', speechProblem: 'siriOff' });
  });

  it('sessionOpened, a browser without recognition, starts with the reason the player explains', () => {
    const store = makeStore();
    const rt = initialState(demoCharacter, { seed: 3 }).rt;
    store.dispatch(
      sessionOpened({ characterId: 'demo-mirai', seed: 3, rt, speechMode: 'textOnly', speechProblem: 'unavailable' }),
    );
    expect(selectPlayer(store.getState())).toMatchObject({ speechMode: 'textOnly', speechProblem: 'unavailable' });
  });
});
