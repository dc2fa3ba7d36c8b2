import { useCallback, useEffect, useMemo, useState } from 'react';
import { currentDeviceInfo } from '../../app/deviceInfo.ts';
import {
  autoplayVerdict, browserVerdict, microphoneVerdict, networkVerdict, speechVerdict,
  type AutoplayFacts, type MicState, type NetworkFacts, type Verdict,
} from './checks.ts';
import { probeAutoplay, probeNetwork, queryMicrophone, requestMicrophone, speechRecognitionAvailable } from './probes.ts';

export const CHECKS = ['browser', 'mic', 'speech', 'autoplay', 'network'] as const;
export type CheckName = (typeof CHECKS)[number];

interface Facts { mic?: MicState; autoplay?: AutoplayFacts; network?: NetworkFacts }

/** Runs the probes (again on `rerun`) and turns what they found into one verdict per row; a row still probing is undefined. */
export function useSystemChecks() {
  const device = useMemo(() => currentDeviceInfo(), []);
  const ios = Boolean(device.is_ios);
  const [facts, setFacts] = useState<Facts>({});
  const [asking, setAsking] = useState(false);

  const rerun = useCallback(() => {
    setFacts({});
    void queryMicrophone().then((mic) => setFacts((known) => ({ ...known, mic })));
    void probeAutoplay().then((autoplay) => setFacts((known) => ({ ...known, autoplay })));
    void probeNetwork().then((network) => setFacts((known) => ({ ...known, network })));
  }, []);
  useEffect(rerun, [rerun]);

  const askMicrophone = useCallback(async () => {
    setAsking(true);
    const mic = await requestMicrophone();
    setFacts((known) => ({ ...known, mic }));
    setAsking(false);
  }, []);

  const verdicts: Record<CheckName, Verdict | undefined> = {
    browser: browserVerdict(device),
    mic: facts.mic && microphoneVerdict(facts.mic, ios),
    speech: speechVerdict(speechRecognitionAvailable(), ios),
    autoplay: facts.autoplay && autoplayVerdict(facts.autoplay, ios),
    network: facts.network && networkVerdict(facts.network),
  };
  return { verdicts, micState: facts.mic, askMicrophone, asking, rerun };
}
