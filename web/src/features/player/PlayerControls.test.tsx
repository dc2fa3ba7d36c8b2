import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import { initialState } from '@talkwith/dialogue-engine';
import type { LockedBlock } from '@talkwith/proto/catalog';
import type { EngineCommand } from '@talkwith/proto/dialogue';
import { renderWithApp } from '../../test/harness.tsx';
import { fakeRunner } from './controls-test-kit.tsx';
import { PlayerControls } from './PlayerControls.tsx';
import { sessionOpened, speechUnavailable, stepped } from './playerSlice.ts';

async function setUp(commands: EngineCommand[], locked: LockedBlock[] = []) {
  const runner = fakeRunner();
  const harness = await renderWithApp(<PlayerControls runner={runner} character={demoCharacter} locked={locked} />);
  const rt = initialState(demoCharacter).rt;
  act(() => {
    harness.store.dispatch(sessionOpened({ characterId: 'demo-mirai', seed: 1, rt, speechMode: 'webSpeech' }));
    harness.store.dispatch(stepped({ rt, commands }));
  });
  return { runner, ...harness };
}

describe('player controls', () => {
  it('controls, standby, show the start buttons and a press starts that conversation', async () => {
    const { runner } = await setUp([{ type: 'showStartButtons', buttons: demoCharacter.startButtons }]);
    fireEvent.click(await screen.findByRole('button', { name: '占い' }));
    expect(runner.sent).toEqual([{ type: 'start', source: 'button', buttonId: 'btn-fortune' }]);
    expect(runner.talks).toEqual([{ btn: 'btn-fortune' }]);
  });

  it('controls, standby with a serial-locked conversation, show it as a link to /serial beside the start buttons', async () => {
    const buttons = demoCharacter.startButtons.filter((b) => b.block_id !== 'fortune');
    await setUp(
      [{ type: 'showStartButtons', buttons }],
      [{ block_id: 'fortune', title: '占い', start_button_title: '占い' }],
    );
    const locked = await screen.findByRole('link', { name: '占い（シリアルコードで解放）' });
    expect(locked.getAttribute('href')).toBe('/serial');
    expect(screen.queryByRole('button', { name: '占い' })).toBeNull();
  });

  it('controls, while the character speaks, keep the send button disabled', async () => {
    const { runner } = await setUp([{ type: 'showStartButtons', buttons: [] }]);
    fireEvent.change(await screen.findByRole('textbox'), { target: { value: 'ラーメン' } });
    expect(screen.getByRole('button', { name: '送る' })).toHaveProperty('disabled', true);
    expect(runner.sent).toEqual([]);
  });

  it('controls, listening, send the typed words as a final utterance and clear the input', async () => {
    const { runner } = await setUp([{ type: 'micOn', delayMs: 0, showIndicator: true }]);
    const input = await screen.findByRole('textbox');
    fireEvent.change(input, { target: { value: ' ラーメン ' } });
    fireEvent.click(screen.getByRole('button', { name: '送る' }));
    expect(runner.sent).toEqual([{ type: 'speechFinal', text: 'ラーメン' }]);
    expect(input).toHaveProperty('value', '');
  });

  it('controls, action button pressed, sends it to the engine', async () => {
    const block = demoCharacter.blocks.find((b) => b.id === 'greet');
    const { runner } = await setUp([{ type: 'showActionButtons', buttons: block?.action_buttons ?? [] }]);
    fireEvent.click(await screen.findByRole('button', { name: '占いをする' }));
    expect(runner.sent).toEqual([{ type: 'actionButton', buttonId: 'ab-fortune' }]);
  });

  it('controls, microphone switch, turns the recogniser off and back on', async () => {
    const { runner } = await setUp([{ type: 'micOn', delayMs: 0, showIndicator: true }]);
    fireEvent.click(await screen.findByRole('button', { name: 'マイクをオフにする' }));
    fireEvent.click(screen.getByRole('button', { name: 'マイクをオンにする' }));
    expect(runner.setMicEnabled).toHaveBeenNthCalledWith(1, false);
    expect(runner.setMicEnabled).toHaveBeenNthCalledWith(2, true);
  });

  it('controls, speech recognition refused, hide the microphone switch and say to type instead', async () => {
    const { store } = await setUp([{ type: 'micOn', delayMs: 0, showIndicator: true }]);
    act(() => {
      store.dispatch(speechUnavailable('not-allowed'));
    });
    expect(await screen.findByText('音声認識が使えません。文字で入力してください。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'マイクをオフにする' })).toBeNull();
  });

  it('controls, conversation ended, offer to talk again (back to standby)', async () => {
    const { runner } = await setUp([{ type: 'end', reason: 'completed', totalBilledTime: 5000 }]);
    fireEvent.click(await screen.findByRole('button', { name: 'もう一度話す' }));
    expect(runner.sent).toEqual([{ type: 'ready' }]);
  });
});
