import { useState } from 'react';
import { useStore } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import { initialState } from '@talkwith/dialogue-engine';
import type { Character } from '@talkwith/proto/dialogue';
import { renderWithApp } from '../../test/harness.tsx';
import type { RootState } from '../../app/store.ts';
import { createEffectRunner, type EffectRunner } from './effectRunner.ts';
import { PlayerControls } from './PlayerControls.tsx';
import { selectPlayer, sessionOpened } from './playerSlice.ts';
import { fakeClock, fakeLogs, fakeRecognition, fakeSpeech, fakeVideo, mediaFor } from './testing.ts';

const GREET_MIC_MS = demoCharacter.videos.find((v) => v.id === 'greet')?.mic_on_millisecond ?? 0;

interface Flags {
  showSpeechMic?: boolean;
  showRecognitionText?: boolean;
  showPreviousBlockSpeech?: boolean;
}

/** The demo character with the three display settings as given (food-reply is the block that may repeat the last words). */
function characterWith({
  showSpeechMic = true,
  showRecognitionText = true,
  showPreviousBlockSpeech = true,
}: Flags): Character {
  return {
    ...demoCharacter,
    setting: { ...demoCharacter.setting, show_speech_mic: showSpeechMic, show_recognition_text: showRecognitionText },
    blocks: demoCharacter.blocks.map((b) =>
      b.id === 'food-reply' ? { ...b, show_previous_block_speech: showPreviousBlockSpeech } : b,
    ),
  };
}

/** The real engine and runner behind the rendered controls, on a fake clock. */
async function talkWith(flags: Flags) {
  const character = characterWith(flags);
  const time = fakeClock();
  let made: EffectRunner | null = null;
  function Controls() {
    const store = useStore<RootState>();
    const [runner] = useState(() =>
      createEffectRunner({
        character,
        media: mediaFor(character),
        dispatch: store.dispatch,
        getPlayer: () => selectPlayer(store.getState()),
        video: fakeVideo().port,
        speech: fakeSpeech().port,
        logs: fakeLogs().sink,
        clock: time.clock,
        recognition: fakeRecognition().port,
        talk: null,
      }),
    );
    made = runner;
    return <PlayerControls runner={runner} character={character} />;
  }
  const { store } = await renderWithApp(<Controls />);
  const runner = await vi.waitFor(() => {
    if (!made) throw new Error('not rendered');
    return made;
  });
  const view = () => selectPlayer(store.getState()).view;
  act(() => {
    store.dispatch(
      sessionOpened({
        characterId: character.id,
        seed: 1,
        rt: initialState(character, { seed: 1 }).rt,
        speechMode: 'webSpeech',
      }),
    );
    runner.send({ type: 'ready' });
    runner.send({ type: 'start', source: 'button', buttonId: 'btn-talk' });
    runner.send({ type: 'videoTimeReached', slot: view().activeSlot, videoId: 'greet', ms: GREET_MIC_MS });
  });
  /** Says ラーメン (a hit) and waits until food-reply begins. */
  const sayRamen = () =>
    act(() => {
      runner.send({ type: 'speechInterim', text: 'ラー' });
      runner.send({ type: 'speechFinal', text: 'ラーメン' });
      time.advance(300);
      const v = view();
      runner.send({ type: 'videoEnded', slot: v.activeSlot, videoId: v.slots[v.activeSlot].videoId ?? '' });
    });
  const heard = () => screen.getByTestId('player-heard').textContent;
  return { runner, view, sayRamen, heard };
}

describe('player display settings', () => {
  it('show_speech_mic on, listening, shows the live microphone and the listening line', async () => {
    await talkWith({ showSpeechMic: true });

    expect(screen.getByRole('button', { name: 'マイクをオフにする' }).className).toContain('player__mic--live');
    expect(screen.getByRole('status').textContent).toContain('聞いています');
  });

  it('show_speech_mic off, listening, shows no microphone indicator (the switch stays, the text input works)', async () => {
    await talkWith({ showSpeechMic: false });

    expect(screen.getByRole('button', { name: 'マイクをオフにする' }).className).not.toContain('player__mic--live');
    expect(screen.getByRole('status').textContent).not.toContain('聞いています');
    expect(screen.getByRole('textbox').getAttribute('placeholder')).toBe('話したいことを入力（例：ラーメン）');
  });

  it('show_recognition_text on, speaking, shows the interim then the final words', async () => {
    const { runner, heard } = await talkWith({ showRecognitionText: true });

    act(() => runner.send({ type: 'speechInterim', text: 'ラー' }));
    expect(heard()).toBe('あなた：ラー');
    act(() => runner.send({ type: 'speechFinal', text: 'ラーメン' }));
    expect(heard()).toBe('あなた：ラーメン');
  });

  it('show_recognition_text off, speaking, never shows what was recognised', async () => {
    const { runner, heard } = await talkWith({ showRecognitionText: false, showPreviousBlockSpeech: false });

    act(() => runner.send({ type: 'speechInterim', text: 'ラー' }));
    expect(heard()).toBe('\u00a0');
    act(() => runner.send({ type: 'speechFinal', text: 'ラーメン' }));
    expect(heard()).toBe('\u00a0');
  });

  it('show_previous_block_speech on the next block, shows what was said in the block before', async () => {
    const { sayRamen, heard, view } = await talkWith({ showRecognitionText: false, showPreviousBlockSpeech: true });

    sayRamen();

    expect(view().slots[view().activeSlot].videoId).toBe('food_reply');
    expect(heard()).toBe('さっきの言葉：ラーメン');
  });

  it('show_previous_block_speech off on the next block, shows nothing of the block before (not even the recognised words)', async () => {
    const { sayRamen, heard, view } = await talkWith({ showRecognitionText: true, showPreviousBlockSpeech: false });

    sayRamen();

    expect(view().slots[view().activeSlot].videoId).toBe('food_reply');
    expect(heard()).toBe('\u00a0');
  });
});
