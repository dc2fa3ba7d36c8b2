import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/harness.tsx';
import MicTestPage from './MicTestPage.tsx';
import { levelOf } from './useLevelMeter.ts';
import { aListedCharacter, fakeAudio, fakeMicrophone, fakeRecognition, micTestServer, servedAs } from './testing.ts';

const routes = [{ path: '/mic_test', element: <MicTestPage /> }];
const REFUSED = 'マイクの使用が許可されていません。ブラウザの設定でマイクを許可してから、もう一度お試しください。';

function noCharacters() {
  return micTestServer({ 'GET characters': [200, { ok: true, characters: [] }] });
}

const card = (name: string) => screen.getByRole('region', { name });

describe('MicTestPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('MicTestPage, the microphone allowed, shows the live level and releases the microphone on stop', async () => {
    noCharacters();
    const mic = fakeMicrophone();
    const audio = fakeAudio(0.1);
    await renderRoutes(routes, { path: '/mic_test' });

    fireEvent.click(within(card('マイクの音量')).getByRole('button', { name: 'マイクをオンにする' }));
    await screen.findByRole('button', { name: 'マイクをオフにする' });
    act(() => audio.frame());

    expect(Number(screen.getByRole('meter', { name: 'マイクの音量' }).getAttribute('aria-valuenow'))).toBe(66);
    fireEvent.click(screen.getByRole('button', { name: 'マイクをオフにする' }));
    expect(mic.track.stop).toHaveBeenCalled();
    expect(audio.close).toHaveBeenCalled();
    expect(screen.getByRole('meter', { name: 'マイクの音量' }).getAttribute('aria-valuenow')).toBe('0');
  });

  it('MicTestPage, leaving the page while measuring, releases the microphone', async () => {
    noCharacters();
    const mic = fakeMicrophone();
    const audio = fakeAudio(0.2);
    await renderRoutes(routes, { path: '/mic_test' });
    fireEvent.click(screen.getByRole('button', { name: 'マイクをオンにする' }));
    await screen.findByRole('button', { name: 'マイクをオフにする' });

    cleanup();

    expect(mic.track.stop).toHaveBeenCalled();
    expect(audio.close).toHaveBeenCalled();
  });

  it('MicTestPage, the microphone refused, says it must be allowed and links the mic manual', async () => {
    noCharacters();
    fakeMicrophone('NotAllowedError');
    fakeAudio(0);
    await renderRoutes(routes, { path: '/mic_test' });

    fireEvent.click(screen.getByRole('button', { name: 'マイクをオンにする' }));

    const alert = await within(card('マイクの音量')).findByRole('alert');
    expect(alert.textContent).toContain(REFUSED);
    expect(within(alert).getByRole('link', { name: 'マイクの設定方法' }).getAttribute('href')).toBe('/mic_manual');
  });

  it('MicTestPage, speech recognised, shows what it heard in Japanese recognition', async () => {
    noCharacters();
    const recognition = fakeRecognition({ heard: 'こんにちは' });
    await renderRoutes(routes, { path: '/mic_test' });

    fireEvent.click(within(card('音声認識のテスト')).getByRole('button', { name: '話してみる' }));

    expect(await within(card('音声認識のテスト')).findByText('こんにちは')).toBeTruthy();
    expect(screen.getByText('音声認識は正常に動いています。')).toBeTruthy();
    expect(recognition.started).toEqual([{ lang: 'ja-JP' }]);
  });

  it('MicTestPage, recognition refused the microphone, shows the §5 message', async () => {
    noCharacters();
    fakeRecognition({ error: 'not-allowed' });
    await renderRoutes(routes, { path: '/mic_test' });

    fireEvent.click(screen.getByRole('button', { name: '話してみる' }));

    expect((await within(card('音声認識のテスト')).findByRole('alert')).textContent).toContain(REFUSED);
  });

  it('MicTestPage, recognition cannot take a microphone that works, says recognition is unavailable, never that there is no microphone', async () => {
    noCharacters();
    fakeMicrophone();
    fakeRecognition({ error: 'audio-capture' });
    await renderRoutes(routes, { path: '/mic_test' });

    fireEvent.click(screen.getByRole('button', { name: '話してみる' }));

    const alert = await within(card('音声認識のテスト')).findByRole('alert');
    expect(alert.textContent).toContain('このブラウザでは音声認識が使えません。');
    expect(screen.queryByText(/マイクが見つかりません/)).toBeNull();
  });

  it('MicTestPage, recognition without a microphone at all, says the microphone is missing', async () => {
    noCharacters();
    fakeMicrophone('NotFoundError');
    fakeRecognition({ error: 'audio-capture' });
    await renderRoutes(routes, { path: '/mic_test' });

    fireEvent.click(screen.getByRole('button', { name: '話してみる' }));

    expect((await within(card('音声認識のテスト')).findByRole('alert')).textContent).toContain(
      'マイクが見つかりません',
    );
  });

  it('MicTestPage, no speech recognition in the browser, says so and disables the test', async () => {
    noCharacters();
    await renderRoutes(routes, { path: '/mic_test' });

    const recognitionCard = card('音声認識のテスト');
    expect(within(recognitionCard).getByRole('alert').textContent).toContain('このブラウザでは音声認識が使えません。');
    expect(within(recognitionCard).getByRole('button', { name: '話してみる' })).toHaveProperty('disabled', true);
  });

  it('MicTestPage, a published character with a mic-test block, links its mic-test dialogue', async () => {
    const plain = aListedCharacter({ name: 'ユイ' });
    const tester = aListedCharacter({ name: 'ミライ' });
    const server = micTestServer({
      'GET characters': [200, { ok: true, characters: [aListedCharacter({ playable: false }), plain, tester] }],
      [`GET characters/by-slug/${plain.slug}`]: [200, servedAs(plain, null)],
      [`GET characters/by-slug/${tester.slug}`]: [200, servedAs(tester, 'mic-test')],
    });

    await renderRoutes(routes, { path: '/mic_test' });

    const link = await screen.findByRole('link', { name: 'ミライとマイクテストをはじめる' });
    expect(link.getAttribute('href')).toBe(`/full/chat/${tester.slug}?mic_test=1`);
    expect(server.calls.map((call) => call.url)).toEqual([
      '/api/characters',
      `/api/characters/by-slug/${plain.slug}`,
      `/api/characters/by-slug/${tester.slug}`,
    ]);
  });

  it('MicTestPage, no character with a mic-test block, says there is none', async () => {
    const plain = aListedCharacter();
    micTestServer({
      'GET characters': [200, { ok: true, characters: [plain] }],
      [`GET characters/by-slug/${plain.slug}`]: [200, servedAs(plain, null)],
    });

    await renderRoutes(routes, { path: '/mic_test' });

    expect(await screen.findByText('いまはマイクテストができるキャラクターがいません。')).toBeTruthy();
  });
});

describe('levelOf', () => {
  it('levelOf, silence / -60 dBFS / full scale, reads 0 / 0 / 1', () => {
    expect(levelOf(new Float32Array(64))).toBe(0);
    expect(levelOf(new Float32Array(64).fill(0.001))).toBeCloseTo(0, 5);
    expect(levelOf(new Float32Array(64).fill(1))).toBe(1);
  });
});
