import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import type { CharacterMedia } from '@talkwith/proto/catalog';
import type { SpeechEvents } from './ports.ts';
import { mediaFor } from './testing.ts';

/** The server recogniser made (serverSpeech.ts is loaded lazily): what it was asked, and its events to raise. */
const server: { made: { language: string | undefined; events: SpeechEvents }[]; log: string[] } = { made: [], log: [] };
vi.mock('./serverSpeech.ts', () => ({
  createServerSpeech: (events: SpeechEvents, options: { language?: string }) => {
    server.made.push({ language: options.language, events });
    return {
      start: () => server.log.push('server start'),
      stop: () => server.log.push('server stop'),
      dispose: () => server.log.push('server dispose'),
    };
  },
}));
const { chooseSpeech, subtitleFileOf, subtitleLanguage } = await import('./speechChoice.ts');

/** The browser's recogniser: the last one made, its language, and a way to make it fail. */
class FakeRecognition {
  static last: FakeRecognition | null = null;
  lang = '';
  continuous = false;
  interimResults = false;
  started = 0;
  onresult: unknown = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  constructor() {
    FakeRecognition.last = this;
  }
  start() {
    this.started += 1;
  }
  abort() {}
}

function recordingBrowser() {
  vi.stubGlobal('MediaRecorder', { isTypeSupported: (type: string) => type.includes('opus') });
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: () => Promise.resolve({}) } });
}

function choose({ signedIn = true, uiLanguage = 'ja-JP', useWebSpeech = true } = {}) {
  const outcomes = { unavailable: vi.fn(), switched: vi.fn() };
  const character = { ...demoCharacter, setting: { ...demoCharacter.setting, use_web_speech_api: useWebSpeech } };
  const chosen = chooseSpeech({ interim: vi.fn(), final: vi.fn() }, outcomes, {
    character,
    media: mediaFor(character),
    uiLanguage,
    signedIn,
    getToken: () => 'token',
  });
  return { ...chosen, outcomes };
}

beforeEach(() => {
  server.made = [];
  server.log = [];
  FakeRecognition.last = null;
});
afterEach(() => vi.unstubAllGlobals());

describe('speech choice', () => {
  it('chooseSpeech, browser recognition fails in a talk of a signed-in user, switches to the server, tells the player and keeps listening', async () => {
    vi.stubGlobal('SpeechRecognition', FakeRecognition);
    recordingBrowser();
    const { speech, mode, outcomes } = choose();
    speech?.start();

    FakeRecognition.last?.onerror?.({ error: 'network' });

    await vi.waitFor(() => expect(server.log).toEqual(['server start']));
    expect(mode).toBe('webSpeech');
    expect(outcomes.switched).toHaveBeenCalledWith('unavailable');
    expect(outcomes.unavailable).not.toHaveBeenCalled();
    speech?.stop();
    expect(server.log).toEqual(['server start', 'server stop']);
  });

  it('chooseSpeech, the microphone refused to browser recognition, goes to typing (the server would be refused too)', async () => {
    vi.stubGlobal('SpeechRecognition', FakeRecognition);
    recordingBrowser();
    const { speech, outcomes } = choose();
    speech?.start();

    FakeRecognition.last?.onerror?.({ error: 'not-allowed' });

    await vi.waitFor(() => expect(outcomes.unavailable).toHaveBeenCalledWith('denied'));
    expect(outcomes.switched).not.toHaveBeenCalled();
    expect(server.made).toEqual([]);
  });

  it('chooseSpeech, browser recognition fails for a visitor, goes to typing with the reason', async () => {
    vi.stubGlobal('SpeechRecognition', FakeRecognition);
    recordingBrowser();
    const { speech, outcomes } = choose({ signedIn: false });
    speech?.start();

    FakeRecognition.last?.onerror?.({ error: 'service-not-allowed' });

    await vi.waitFor(() => expect(outcomes.unavailable).toHaveBeenCalledWith('siriOff'));
    expect(server.made).toEqual([]);
  });

  it('chooseSpeech, the server it switched to is refused for a signed-out session, names it signInForVoice', async () => {
    vi.stubGlobal('SpeechRecognition', FakeRecognition);
    recordingBrowser();
    const { speech, outcomes } = choose();
    speech?.start();
    FakeRecognition.last?.onerror?.({ error: 'network' });
    await vi.waitFor(() => expect(server.made).toHaveLength(1));

    server.made[0]?.events.unavailable('signed-out');

    expect(outcomes.unavailable).toHaveBeenCalledWith('signInForVoice');
  });

  it('chooseSpeech, no recognition in the browser, signed in, listens on the server from the start and says why', () => {
    recordingBrowser();
    const { mode, problem } = choose();
    expect({ mode, problem }).toEqual({ mode: 'serverSpeech', problem: 'unavailable' });
  });

  it('chooseSpeech, a character that listens only on the server, for a visitor, is typing only with sign-in advice', () => {
    recordingBrowser();
    const { mode, problem } = choose({ signedIn: false, useWebSpeech: false });
    expect({ mode, problem }).toEqual({ mode: 'textOnly', problem: 'signInForVoice' });
  });

  it('chooseSpeech, interface in en-US and the character has English subtitles, recognises English in the browser', () => {
    vi.stubGlobal('SpeechRecognition', FakeRecognition);
    choose({ uiLanguage: 'en-US' });
    expect(FakeRecognition.last?.lang).toBe('en-US');
  });
});

describe('subtitle language', () => {
  const media = (languages: Record<string, Record<string, string>>): CharacterMedia => ({
    videos: {},
    posters: {},
    subtitles: languages,
  });

  it('subtitleLanguage, an interface language the character has subtitle files in (zh-TW, fil-PH), takes it', () => {
    const files = media({ 'ja-JP': { greet: 'ja.vtt' }, 'zh-TW': { greet: 'zh.vtt' }, 'fil-PH': { greet: 'fil.vtt' } });
    expect(subtitleLanguage(files, 'zh-TW')).toBe('zh-TW');
    expect(subtitleLanguage(files, 'fil-PH')).toBe('fil-PH');
  });

  it('subtitleLanguage, a language with no files or an empty list, falls back to Japanese', () => {
    const files = media({ 'ja-JP': { greet: 'ja.vtt' }, 'en-US': {} });
    expect(subtitleLanguage(files, 'en-US')).toBe('ja-JP');
    expect(subtitleLanguage(files, 'zh-TW')).toBe('ja-JP');
  });

  it('subtitleFileOf, a clip without a file in the language, shows its Japanese one', () => {
    const files = media({ 'ja-JP': { greet: 'ja.vtt', bye: 'ja-bye.vtt' }, 'zh-TW': { greet: 'zh.vtt' } });
    expect(subtitleFileOf(files, 'greet', 'zh-TW')).toBe('zh.vtt');
    expect(subtitleFileOf(files, 'bye', 'zh-TW')).toBe('ja-bye.vtt');
    expect(subtitleFileOf(files, 'none', 'zh-TW')).toBeNull();
  });
});
