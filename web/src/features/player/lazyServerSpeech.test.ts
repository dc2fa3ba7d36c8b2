import { afterEach, describe, expect, it, vi } from 'vitest';

const started: string[] = [];
vi.mock('./serverSpeech.ts', () => ({
  createServerSpeech: (_events: unknown, options: { characterId: string }) => ({
    start: () => started.push(`start ${options.characterId}`),
    stop: () => started.push(`stop ${options.characterId}`),
    dispose: () => started.push(`dispose ${options.characterId}`),
  }),
}));

const { lazyServerSpeech } = await import('./speechChoice.ts');
const events = { interim: () => undefined, final: () => undefined, unavailable: () => undefined };

/** A browser that records Opus and has a microphone API. */
function recordingBrowser() {
  vi.stubGlobal('MediaRecorder', { isTypeSupported: (type: string) => type.includes('opus') });
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: () => Promise.resolve({}) } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  started.length = 0;
});

describe('server speech, loaded lazily', () => {
  it('lazyServerSpeech, a browser that cannot record, is no recogniser at once (the text input remains)', () => {
    vi.stubGlobal('MediaRecorder', undefined);

    expect(lazyServerSpeech(events, { characterId: 'c1', getToken: () => 't' })).toBeNull();
  });

  it('lazyServerSpeech, started before its code arrived, starts the recogniser once it has', async () => {
    recordingBrowser();
    const speech = lazyServerSpeech(events, { characterId: 'c2', getToken: () => 't' });

    speech?.start();

    await vi.waitFor(() => expect(started).toEqual(['start c2']));
  });

  it('lazyServerSpeech, disposed before its code arrived, never creates the recogniser', async () => {
    recordingBrowser();
    const speech = lazyServerSpeech(events, { characterId: 'c3', getToken: () => 't' });

    speech?.start();
    speech?.dispose();
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(started).toEqual([]);
  });
});
