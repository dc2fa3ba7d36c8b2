import { useCallback, useEffect, useMemo, useState } from 'react';
import { currentDeviceInfo } from '../../app/deviceInfo.ts';
import {
  autoplayVerdict,
  browserVerdict,
  microphoneVerdict,
  networkVerdict,
  speechVerdict,
  type AutoplayFacts,
  type MicState,
  type NetworkFacts,
  type Verdict,
} from './checks.ts';
import type { RecognitionOutcome } from '../../app/speechCapability.ts';
import { probeAutoplay, probeNetwork, probeRecognition, queryMicrophone, requestMicrophone } from './probes.ts';

export const CHECKS = ['browser', 'mic', 'speech', 'autoplay', 'network'] as const;
export type CheckName = (typeof CHECKS)[number];

interface Facts {
  mic?: MicState;
  speech?: RecognitionOutcome | 'untested';
  autoplay?: AutoplayFacts;
  network?: NetworkFacts;
}

/** Recognition in the language the talk listens in (ja-JP; en-US when the interface is). */
const recognitionLanguage = () => (document.documentElement.lang === 'en-US' ? 'en-US' : 'ja-JP');

/** Runs the probes (again on `rerun`) and turns what they found into one verdict per row; a row still probing is undefined. */
export function useSystemChecks() {
  const device = useMemo(() => currentDeviceInfo(), []);
  const ios = Boolean(device.is_ios);
  const [facts, setFacts] = useState<Facts>({});
  const [asking, setAsking] = useState(false);

  // Recognition is started for real once the microphone may be used (starting it would ask for it otherwise).
  const probeSpeech = useCallback((mic: MicState) => {
    if (mic !== 'granted') {
      setFacts((known) => ({ ...known, speech: 'untested' }));
      return;
    }
    setFacts((known) => ({ ...known, speech: undefined }));
    void probeRecognition(recognitionLanguage()).then((speech) => setFacts((known) => ({ ...known, speech })));
  }, []);

  const rerun = useCallback(() => {
    setFacts({});
    void queryMicrophone().then((mic) => {
      setFacts((known) => ({ ...known, mic }));
      probeSpeech(mic);
    });
    void probeAutoplay().then((autoplay) => setFacts((known) => ({ ...known, autoplay })));
    void probeNetwork().then((network) => setFacts((known) => ({ ...known, network })));
  }, [probeSpeech]);
  useEffect(rerun, [rerun]);

  const askMicrophone = useCallback(async () => {
    setAsking(true);
    const mic = await requestMicrophone();
    setFacts((known) => ({ ...known, mic }));
    setAsking(false);
    probeSpeech(mic);
  }, [probeSpeech]);

  const verdicts: Record<CheckName, Verdict | undefined> = {
    browser: browserVerdict(device),
    mic: facts.mic && microphoneVerdict(facts.mic, ios),
    speech: facts.speech && speechVerdict(facts.speech, ios),
    autoplay: facts.autoplay && autoplayVerdict(facts.autoplay, ios),
    network: facts.network && networkVerdict(facts.network),
  };
  return { verdicts, micState: facts.mic, askMicrophone, asking, rerun };
}
