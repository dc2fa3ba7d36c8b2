import { useCallback, useEffect, useRef, useState } from 'react';
import { speechRecognitionConstructor, type Recognition } from '../../app/webSpeechApi.ts';

/** Where the recognition test is; `heard` carries what was recognised. */
export type RecognitionState = 'idle' | 'listening' | 'heard' | 'nothing' | 'denied' | 'siriOff' | 'missing' | 'unavailable' | 'failed';

const ERRORS: Readonly<Record<string, RecognitionState>> = {
  'not-allowed': 'denied',
  // iOS answers this when Siri & Dictation (speech recognition) is off in the privacy settings.
  'service-not-allowed': 'siriOff',
  'audio-capture': 'missing',
  'no-speech': 'nothing',
  'language-not-supported': 'unavailable',
};

/** One utterance through the browser's speech recognition: what it heard, or why it heard nothing. */
export function useRecognitionTest(lang: string) {
  const [available] = useState(() => speechRecognitionConstructor() !== null);
  const [state, setState] = useState<RecognitionState>(available ? 'idle' : 'unavailable');
  const [text, setText] = useState('');
  const active = useRef<Recognition | null>(null);

  const listen = useCallback(() => {
    const Ctor = speechRecognitionConstructor();
    if (!Ctor) { setState('unavailable'); return; }
    active.current?.abort();
    const rec = new Ctor();
    rec.lang = lang;
    rec.continuous = false;
    rec.interimResults = true;
    let heard = '';
    let outcome: RecognitionState | null = null;
    rec.onresult = (event) => {
      heard = Array.from(event.results, (result) => result[0]?.transcript ?? '').join('');
      setText(heard);
    };
    rec.onerror = (event) => { outcome = ERRORS[event.error] ?? (event.error === 'aborted' ? 'idle' : 'failed'); };
    rec.onend = () => {
      if (active.current === rec) active.current = null;
      setState(heard ? 'heard' : (outcome ?? 'nothing'));
    };
    active.current = rec;
    setText('');
    setState('listening');
    try {
      rec.start();
    } catch {
      active.current = null;
      setState('failed');
    }
  }, [lang]);

  const cancel = useCallback(() => active.current?.abort(), []);
  useEffect(() => () => { const rec = active.current; active.current = null; rec?.abort(); }, []);
  return { available, state, text, listen, cancel };
}
