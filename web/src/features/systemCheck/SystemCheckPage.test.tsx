import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/harness.tsx';
import type { RecognitionOutcome } from '../../app/speechCapability.ts';
import type { MicState } from './checks.ts';
import * as probes from './probes.ts';
import SystemCheckPage from './SystemCheckPage.tsx';

vi.mock('./probes.ts', () => ({
  queryMicrophone: vi.fn(),
  requestMicrophone: vi.fn(),
  probeRecognition: vi.fn(),
  probeAutoplay: vi.fn(),
  probeNetwork: vi.fn(),
}));

const routes = [{ path: '/check', element: <SystemCheckPage /> }];
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

function browserSays(
  ua: string,
  found: {
    mic?: MicState;
    speech?: RecognitionOutcome;
    autoplay?: { muted: boolean; sound: boolean };
    rtt?: number | null;
  } = {},
) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua);
  vi.mocked(probes.queryMicrophone).mockResolvedValue(found.mic ?? 'granted');
  vi.mocked(probes.probeRecognition).mockResolvedValue(found.speech ?? 'available');
  vi.mocked(probes.probeAutoplay).mockResolvedValue(found.autoplay ?? { muted: true, sound: true });
  vi.mocked(probes.probeNetwork).mockResolvedValue({
    roundTripMs: found.rtt === undefined ? 35 : found.rtt,
    effectiveType: '4g',
  });
}

const row = (name: string) => screen.getByRole('listitem', { name });

describe('SystemCheckPage', () => {
  beforeEach(() => vi.clearAllMocks());
  afterEach(() => vi.restoreAllMocks());

  it('SystemCheckPage, everything fine, shows five OK rows and says all is well', async () => {
    browserSays(CHROME);

    await renderRoutes(routes, { path: '/check' });

    expect(await screen.findByText('すべて問題ありません。キャラクターと話せます。')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'システムチェック' })).toBeTruthy();
    for (const name of ['ブラウザ', 'マイクの許可', '音声認識', '動画の自動再生', '通信'])
      expect(within(row(name)).getByText('OK')).toBeTruthy();
    expect(within(row('ブラウザ')).getByText('Chrome 131.0.0.0（Windows 10）')).toBeTruthy();
    expect(within(row('通信')).getByText('サーバーとの通信は良好です（応答 35 ミリ秒）。')).toBeTruthy();
  });

  it('SystemCheckPage, microphone not asked yet, offers the button and shows the new state after allowing', async () => {
    browserSays(CHROME, { mic: 'prompt' });
    vi.mocked(probes.requestMicrophone).mockResolvedValue('granted');
    await renderRoutes(routes, { path: '/check' });

    const mic = await screen.findByRole('listitem', { name: 'マイクの許可' });
    await vi.waitFor(() => expect(within(mic).getByText('注意')).toBeTruthy());
    expect(await screen.findByText('2件の項目を確認してください。')).toBeTruthy(); // the microphone, and recognition not yet tried
    fireEvent.click(within(mic).getByRole('button', { name: 'マイクの使用を許可する' }));

    await vi.waitFor(() => expect(within(mic).getByText('マイクの使用が許可されています。')).toBeTruthy());
    expect(within(mic).queryByRole('button')).toBeNull();
    expect(probes.requestMicrophone).toHaveBeenCalledTimes(1);
    // Recognition is started for real only once the microphone may be used.
    await vi.waitFor(() => expect(within(row('音声認識')).getByText('OK')).toBeTruthy());
    expect(probes.probeRecognition).toHaveBeenCalledTimes(1);
  });

  it('SystemCheckPage, an iPhone with the microphone refused and no autoplay, says what to do and links the mic manual', async () => {
    browserSays(IPHONE, { mic: 'denied', autoplay: { muted: false, sound: false } });

    await renderRoutes(routes, { path: '/check' });

    const mic = await screen.findByRole('listitem', { name: 'マイクの許可' });
    await vi.waitFor(() => expect(within(mic).getByText('NG')).toBeTruthy());
    expect(within(mic).getByText(/「設定」→「Safari」→「マイク」/)).toBeTruthy();
    expect(within(mic).getByRole('link', { name: 'iPhone・iPad のマイク設定を見る' }).getAttribute('href')).toBe(
      '/mic_manual',
    );
    await vi.waitFor(() => expect(within(row('動画の自動再生')).getByText(/低電力モード/)).toBeTruthy());
  });

  it('SystemCheckPage, no recogniser and the server unreachable, shows a warning and an error', async () => {
    browserSays(CHROME, { speech: 'unavailable', rtt: null });

    await renderRoutes(routes, { path: '/check' });

    await vi.waitFor(() => expect(within(row('通信')).getByText('NG')).toBeTruthy());
    expect(within(row('通信')).getByText('サーバーにつながりませんでした。')).toBeTruthy();
    await vi.waitFor(() => expect(within(row('音声認識')).getByText('注意')).toBeTruthy());
    expect(within(row('音声認識')).getByText(/文字の入力でも話せます/)).toBeTruthy();
  });

  it('SystemCheckPage, check again, runs the probes again', async () => {
    browserSays(CHROME);
    await renderRoutes(routes, { path: '/check' });
    await screen.findByText('すべて問題ありません。キャラクターと話せます。');

    fireEvent.click(screen.getByRole('button', { name: 'もう一度チェックする' }));

    await vi.waitFor(() => expect(probes.probeNetwork).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('link', { name: 'マイクテストへ' }).getAttribute('href')).toBe('/mic_test');
  });
});
