import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import { initialState } from '@talkwith/dialogue-engine';
import type { ActionButton } from '@talkwith/proto/dialogue';
import { useAppSelector } from '../../app/hooks.ts';
import { renderWithApp } from '../../test/harness.tsx';
import { fakeRunner } from './controls-test-kit.tsx';
import { barStopShown, PlayerBar } from './PlayerBar.tsx';
import { PlayerControls } from './PlayerControls.tsx';
import { selectPlayer, sessionOpened, stepped } from './playerSlice.ts';

const END_BUTTON: ActionButton = { id: 'a-end', title: 'おわる', kind: 'block', block_id: 'bye', video_id: null };
const FOOD_BUTTON: ActionButton = {
  id: 'a-food',
  title: 'ごはんの話',
  kind: 'block',
  block_id: 'food',
  video_id: null,
};

/** The bar and the controls as the player screen puts them together, in a talk showing these action buttons. */
async function talkShowing(buttons: ActionButton[]) {
  const runner = fakeRunner();
  function Screen() {
    const { view } = useAppSelector(selectPlayer);
    return (
      <>
        <PlayerBar name="ミライ" runner={runner} view={view} />
        <PlayerControls runner={runner} character={demoCharacter} />
      </>
    );
  }
  const harness = await renderWithApp(<Screen />);
  const rt = initialState(demoCharacter).rt;
  act(() => {
    harness.store.dispatch(sessionOpened({ characterId: 'demo-mirai', seed: 1, rt, speechMode: 'webSpeech' }));
    harness.store.dispatch(stepped({ rt, commands: [{ type: 'showActionButtons', buttons }] }));
  });
  return runner;
}

describe('player bar', () => {
  it('bar, a talk whose character shows its own おわる button, shows one おわる button on the screen', async () => {
    await talkShowing([FOOD_BUTTON, END_BUTTON]);
    await screen.findByRole('button', { name: 'ごはんの話' });
    expect(screen.getAllByRole('button', { name: 'おわる' })).toHaveLength(1);
  });

  it('bar, a talk without an end action button, keeps its own おわる button, which stops the talk', async () => {
    const runner = await talkShowing([FOOD_BUTTON]);
    const stop = await screen.findByRole('button', { name: 'おわる' });
    act(() => stop.click());
    expect(runner.sent).toContainEqual({ type: 'stop' });
  });

  it('barStopShown, labels differing only by spaces, count as the same button', () => {
    expect(barStopShown([{ ...END_BUTTON, title: ' おわる ' }], 'おわる')).toBe(false);
    expect(barStopShown([], 'おわる')).toBe(true);
  });
});
