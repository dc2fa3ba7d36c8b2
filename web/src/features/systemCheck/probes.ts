import type { AutoplayFacts, MicState, NetworkFacts } from './checks.ts';
import { probeMicrophone } from '../../app/speechCapability.ts';

export { probeRecognition } from '../../app/speechCapability.ts';

/**
 * What the system check asks the browser (replaced in tests). Each probe
 * answers instead of throwing: a browser without an API is a finding.
 */

const PROBE_TIMEOUT_MS = 5000;

export async function queryMicrophone(): Promise<MicState> {
  if (!navigator.mediaDevices?.getUserMedia) return 'unavailable';
  try {
    const status = await navigator.permissions.query({ name: 'microphone' as PermissionName });
    return status.state;
  } catch {
    return 'unknown'; // Firefox and older Safari cannot be asked about the microphone
  }
}

/** Asks for the microphone (the browser's prompt) and lets it go at once, as /mic_test's meter opens it. */
export async function requestMicrophone(): Promise<MicState> {
  return probeMicrophone();
}

/** 0.1 s of silence as an 8 kHz, 8-bit mono WAV file (a blob: the gateway's CSP allows blob: media, not data:). */
function silentWav(): Blob {
  const samples = 800;
  const bytes = new Uint8Array(44 + samples).fill(128, 44);
  const view = new DataView(bytes.buffer);
  const text = (at: number, value: string) => {
    for (let i = 0; i < value.length; i += 1) bytes[at + i] = value.charCodeAt(i);
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, 8000, true);
  view.setUint32(28, 8000, true);
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  text(36, 'data');
  view.setUint32(40, samples, true);
  return new Blob([bytes], { type: 'audio/wav' });
}

async function plays(url: string, muted: boolean): Promise<boolean> {
  const audio = new Audio();
  audio.muted = muted;
  audio.src = url;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      audio.play().then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } catch {
    return false; // a browser without media playback
  } finally {
    clearTimeout(timer);
    audio.pause();
    audio.removeAttribute('src');
  }
}

/** Whether a short clip may start by itself, muted and with sound (what the player's first video meets). */
export async function probeAutoplay(): Promise<AutoplayFacts> {
  if (typeof URL.createObjectURL !== 'function') return { muted: false, sound: false };
  const url = URL.createObjectURL(silentWav());
  try {
    const muted = await plays(url, true);
    const sound = await plays(url, false);
    return { muted, sound };
  } finally {
    URL.revokeObjectURL(url);
  }
}

interface NetworkInformationLike {
  effectiveType?: string;
  downlink?: number;
  saveData?: boolean;
}

/** The round trip to the gateway (GET /healthz, uncached) and what navigator.connection tells, where it exists. */
export async function probeNetwork(): Promise<NetworkFacts> {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  const link = connection
    ? { effectiveType: connection.effectiveType, downlinkMbps: connection.downlink, saveData: connection.saveData }
    : {};
  const started = performance.now();
  try {
    const res = await fetch('/healthz', { cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return { roundTripMs: res.ok ? performance.now() - started : null, ...link };
  } catch {
    return { roundTripMs: null, ...link };
  }
}
