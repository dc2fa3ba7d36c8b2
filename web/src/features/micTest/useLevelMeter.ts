import { useCallback, useEffect, useRef, useState } from 'react';
import { micOutcomeOfError } from '../../app/speechCapability.ts';

/** Where the level meter is: not started, waiting for the microphone, measuring, or why it cannot. */
export type MeterState = 'idle' | 'starting' | 'running' | 'denied' | 'missing' | 'unavailable';

interface Running {
  stream: MediaStream;
  context: AudioContext;
  frame: number;
}

/** -60 dBFS (a quiet room) reads as 0, 0 dBFS as 1. */
export function levelOf(samples: Float32Array): number {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  const rms = Math.sqrt(sum / Math.max(1, samples.length));
  if (rms <= 0) return 0;
  return Math.min(1, Math.max(0, (20 * Math.log10(rms) + 60) / 60));
}

/**
 * The live microphone level (getUserMedia + an AnalyserNode, read once a
 * frame). The microphone and the audio context are released on stop and when
 * the page is left.
 */
export function useLevelMeter() {
  const [state, setState] = useState<MeterState>('idle');
  const [level, setLevel] = useState(0);
  const running = useRef<Running | null>(null);

  const stop = useCallback(() => {
    const current = running.current;
    running.current = null;
    if (current) {
      cancelAnimationFrame(current.frame);
      for (const track of current.stream.getTracks()) track.stop();
      void current.context.close().catch(() => undefined);
    }
    setLevel(0);
    setState((previous) => (previous === 'running' || previous === 'starting' ? 'idle' : previous));
  }, []);

  const start = useCallback(async () => {
    if (running.current) return;
    if (!navigator.mediaDevices?.getUserMedia || typeof AudioContext === 'undefined') {
      setState('unavailable');
      return;
    }
    setState('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      setState(micOutcomeOfError(error));
      return;
    }
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const tick = () => {
      if (!running.current) return;
      analyser.getFloatTimeDomainData(samples);
      // Rounded so a steady level does not re-render every frame.
      setLevel(Math.round(levelOf(samples) * 50) / 50);
      running.current.frame = requestAnimationFrame(tick);
    };
    running.current = { stream, context, frame: requestAnimationFrame(tick) };
    setState('running');
  }, []);

  useEffect(() => stop, [stop]);
  return { state, level, start, stop };
}
