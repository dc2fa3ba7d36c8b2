import { useCallback, useEffect, useRef, useState } from 'react';
import { speechRecognitionConstructor, type Recognition } from '../../app/webSpeechApi.ts';
import { confirmRecognitionFailure, recognitionFailureOf } from '../../app/speechCapability.ts';

/** Where the recognition test is; `heard` carries what was recognised. */
export type RecognitionState =
  'idle' | 'listening' | 'heard' | 'nothing' | 'denied' | 'siriOff' | 'missing' | 'unavailable' | 'failed';

/** A recognition error, named as /check and the player name it (app/speechCapability.ts). */
function stateOfError(error: string): RecognitionState {
  if (error === 'no-speech') return 'nothing';
  if (error === 'aborted') return 'idle';
  return recognitionFailureOf(error) ?? 'failed';
}

/** One utterance through the browser's speech recognition: what it heard, or why it heard nothing. */
export function useRecognitionTest(lang: string) {
  const [available] = useState(() => speechRecognitionConstructor() !== null);
  const [state, setState] = useState<RecognitionState>(available ? 'idle' : 'unavailable');
  const [text, setText] = useState('');
  const active = useRef<Recognition | null>(null);

  const listen = useCallback(() => {
    const Ctor = speechRecognitionConstructor();
    if (!Ctor) {
      setState('unavailable');
      return;
    }
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
    rec.onerror = (event) => {
      outcome = stateOfError(event.error);
    };
    rec.onend = () => {
      if (active.current === rec) active.current = null;
      if (heard) {
        setState('heard');
        return;
      }
      // 'missing' is checked against the microphone itself: recognition may fail to take one that works.
      if (outcome === 'missing') {
        void confirmRecognitionFailure('missing').then(setState);
        return;
      }
      setState(outcome ?? 'nothing');
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
  useEffect(
    () => () => {
      const rec = active.current;
      active.current = null;
      rec?.abort();
    },
    [],
  );
  return { available, state, text, listen, cancel };
}
