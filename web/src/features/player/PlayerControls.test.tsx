import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import { initialState } from '@talkwith/dialogue-engine';
import type { LockedBlock } from '@talkwith/proto/catalog';
import type { EngineCommand } from '@talkwith/proto/dialogue';
import { renderWithApp } from '../../test/harness.tsx';
import { fakeRunner, renderControls } from './controls-test-kit.tsx';
import { PlayerControls } from './PlayerControls.tsx';
import { sessionOpened, speechSwitchedToServer, speechUnavailable, stepped } from './playerSlice.ts';

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

  it('controls, the microphone refused, hide the microphone switch, say how to allow it (as /mic_test does) and link the mic manual', async () => {
    const { store } = await setUp([{ type: 'micOn', delayMs: 0, showIndicator: true }]);
    act(() => {
      store.dispatch(speechUnavailable('denied'));
    });
    const advice = await screen.findByTestId('speech-advice');
    expect(advice.textContent).toContain(
      'マイクの使用が許可されていません。ブラウザの設定でマイクを許可してから、もう一度お試しください。',
    );
    expect(advice.textContent).toContain('文字で入力して話せます。');
    expect(within(advice).getByRole('link', { name: 'マイクの設定方法' }).getAttribute('href')).toBe('/mic_manual');
    expect(screen.queryByRole('button', { name: 'マイクをオフにする' })).toBeNull();
  });

  it.each([
    ['missing', 'マイクが見つかりません。マイクやイヤホンがつながっているか確認してください。'],
    ['unavailable', 'このブラウザでは音声認識が使えません。'],
    ['signInForVoice', 'このキャラクターとは、ログインすると声で話せます。'],
    ['serverFailed', 'サーバーでの音声認識が止まりました。'],
  ] as const)('controls, speech unavailable (%s), say why and to type instead', async (problem, why) => {
    const { store } = await setUp([{ type: 'micOn', delayMs: 0, showIndicator: true }]);
    act(() => {
      store.dispatch(speechUnavailable(problem));
    });
    const advice = await screen.findByTestId('speech-advice');
    expect(advice.textContent).toContain(why);
    expect(advice.textContent).toContain('文字で入力して話せます。');
  });

  it('controls, interface in en-US and no microphone, give the advice in English', async () => {
    const { store } = await renderControls({
      commands: [{ type: 'micOn', delayMs: 0, showIndicator: true }],
      language: 'en-US',
    });
    act(() => {
      store.dispatch(speechUnavailable('missing'));
    });
    const advice = await screen.findByTestId('speech-advice');
    expect(advice.textContent).toContain('No microphone was found.');
    expect(advice.textContent).toContain('You can talk by typing.');
  });

  it('controls, browser recognition off during a talk, say the server listens instead and keep the microphone switch', async () => {
    const { store } = await setUp([{ type: 'micOn', delayMs: 0, showIndicator: true }]);
    act(() => {
      store.dispatch(speechSwitchedToServer('siriOff'));
    });
    const advice = await screen.findByTestId('speech-advice');
    expect(advice.textContent).toContain('「設定」で「Siri と音声入力」をオンにしてください。');
    expect(advice.textContent).toContain('かわりにサーバーで声を聞き取ります。そのまま話してください。');
    expect(screen.getByRole('button', { name: 'マイクをオフにする' })).toBeTruthy();
  });

  it('controls, listening with speech available, ask to speak or type', async () => {
    await setUp([{ type: 'micOn', delayMs: 0, showIndicator: true }]);
    expect((await screen.findByRole('status')).textContent).toBe('聞いています…話すか、入力してね');
  });

  it('controls, listening with speech unavailable, ask only to type', async () => {
    const { store } = await setUp([{ type: 'micOn', delayMs: 0, showIndicator: true }]);
    act(() => {
      store.dispatch(speechUnavailable('denied'));
    });
    expect((await screen.findByRole('status')).textContent).toBe('入力を待っています…文字で入力してね');
  });

  it('controls, listening with the microphone switched off, ask only to type', async () => {
    await setUp([{ type: 'micOn', delayMs: 0, showIndicator: true }]);
    fireEvent.click(await screen.findByRole('button', { name: 'マイクをオフにする' }));
    expect(screen.getByRole('status').textContent).toBe('入力を待っています…文字で入力してね');
  });

  it('controls, a guest with no browser recognition in en-US, ask only to type', async () => {
    const { store } = await renderControls({
      commands: [{ type: 'micOn', delayMs: 0, showIndicator: true }],
      language: 'en-US',
    });
    act(() => {
      store.dispatch(speechUnavailable('signInForVoice'));
    });
    expect((await screen.findByRole('status')).textContent).toBe('Waiting for you… type your reply');
  });

  it('controls, conversation ended, offer to talk again (back to standby)', async () => {
    const { runner } = await setUp([{ type: 'end', reason: 'completed', totalBilledTime: 5000 }]);
    fireEvent.click(await screen.findByRole('button', { name: 'もう一度話す' }));
    expect(runner.sent).toEqual([{ type: 'ready' }]);
  });
});
