import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/harness.tsx';
import SystemCheckPage from './SystemCheckPage.tsx';

/** The browser itself faked (not the probes): a granted microphone and a recogniser that fails once started, as the talk would find it. */
function browserWithRecognitionFailing(error: string) {
  Object.defineProperty(navigator, 'permissions', {
    value: { query: vi.fn(async () => ({ state: 'granted' })) },
    configurable: true,
  });
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [] })) },
    configurable: true,
  });
  class FailingRecognition {
    lang = '';
    continuous = true;
    interimResults = true;
    onresult: (() => void) | null = null;
    onerror: ((event: { error: string }) => void) | null = null;
    onend: (() => void) | null = null;
    start() {
      setTimeout(() => {
        this.onerror?.({ error });
        this.onend?.();
      }, 0);
    }
    abort() {
      this.onend?.();
    }
  }
  vi.stubGlobal('webkitSpeechRecognition', FailingRecognition);
}

describe('SystemCheckPage, recognition started for real', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'mediaDevices');
    Reflect.deleteProperty(navigator, 'permissions');
  });

  it('SystemCheckPage, a recogniser that exists but fails when started (network), does not say 音声認識 OK', async () => {
    browserWithRecognitionFailing('network');

    await renderRoutes([{ path: '/check', element: <SystemCheckPage /> }], { path: '/check' });

    const speech = await screen.findByRole('listitem', { name: '音声認識' });
    await vi.waitFor(() => expect(within(speech).getByText('注意')).toBeTruthy());
    expect(within(speech).queryByText('OK')).toBeNull();
    expect(within(speech).getByText(/文字の入力でも話せます/)).toBeTruthy();
  });
});
