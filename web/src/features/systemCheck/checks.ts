import type { DeviceInfo } from '@talkwith/proto/engagement';
import type { RecognitionOutcome } from '../../app/speechCapability.ts';

/**
 * The verdicts of the system check (/check), pure: the facts a probe found in
 * → ok / warning / error, the text key saying what was found and, when
 * something is wrong, the key saying what to do.
 */
export type CheckStatus = 'ok' | 'warning' | 'error';

export interface Verdict {
  status: CheckStatus;
  /** systemCheck.* key of what was found. */
  found: string;
  values?: Record<string, string | number>;
  /** systemCheck.* key of what to do; absent when all is well. */
  fix?: string;
  /** Show the link to /mic_manual (iOS Safari's settings). */
  micManual?: boolean;
}

/** Versions from which the player's video stage and speech input are known to work. */
const MIN_MAJOR: Readonly<Record<string, number>> = {
  Chrome: 100,
  Edge: 100,
  'Samsung Internet': 18,
  Opera: 86,
  Safari: 15,
  Firefox: 100,
};

const major = (version: string | undefined) => Number.parseInt(version ?? '', 10);

export function browserVerdict(device: DeviceInfo): Verdict {
  const name = device.browser_name;
  const values = {
    name: name ?? '?',
    version: device.browser_version ?? '',
    os: [device.os, device.os_version].filter(Boolean).join(' '),
  };
  if (device.is_ie) return { status: 'error', found: 'browser.found', values, fix: 'browser.fixUnsupported' };
  if (!name) return { status: 'warning', found: 'browser.unknown', values, fix: 'browser.fixRecommended' };
  const minimum = MIN_MAJOR[name];
  // An unreadable version counts as too old (NaN compares false).
  if (minimum !== undefined && !(major(device.browser_version) >= minimum))
    return { status: 'warning', found: 'browser.found', values, fix: 'browser.fixUpdate' };
  // Firefox has no speech recognition of its own: talking then relies on the server (or typing).
  if (name === 'Firefox') return { status: 'warning', found: 'browser.found', values, fix: 'browser.fixFirefox' };
  return { status: 'ok', found: 'browser.found', values, micManual: Boolean(device.is_ios) };
}

/** What the browser says about the microphone: its permission, or why it cannot be asked. */
export type MicState = 'granted' | 'prompt' | 'denied' | 'unknown' | 'missing' | 'unavailable';

export function microphoneVerdict(state: MicState, ios: boolean): Verdict {
  switch (state) {
    case 'granted':
      return { status: 'ok', found: 'mic.granted' };
    case 'prompt':
      return { status: 'warning', found: 'mic.prompt', fix: 'mic.fixAsk' };
    case 'unknown':
      return { status: 'warning', found: 'mic.unknown', fix: 'mic.fixAsk', micManual: ios };
    case 'denied':
      return { status: 'error', found: 'mic.denied', fix: ios ? 'mic.fixDeniedIos' : 'mic.fixDenied', micManual: ios };
    case 'missing':
      return { status: 'error', found: 'mic.missing', fix: 'mic.fixMissing' };
    case 'unavailable':
      return { status: 'error', found: 'mic.unavailable', fix: 'browser.fixRecommended' };
  }
}

/**
 * What really starting recognition found (app/speechCapability.ts, as the talk starts it); 'untested' until the
 * microphone may be used (starting recognition would otherwise ask for it unasked).
 */
export function speechVerdict(outcome: RecognitionOutcome | 'untested', ios: boolean): Verdict {
  switch (outcome) {
    case 'available':
      return { status: 'ok', found: 'speech.available' };
    case 'untested':
      return { status: 'warning', found: 'speech.untested', fix: 'speech.fixAskFirst' };
    case 'siriOff':
      return { status: 'error', found: 'speech.siriOff', fix: 'speech.fixIos', micManual: true };
    case 'denied':
      return { status: 'error', found: 'mic.denied', fix: ios ? 'mic.fixDeniedIos' : 'mic.fixDenied', micManual: ios };
    case 'missing':
      return { status: 'error', found: 'mic.missing', fix: 'mic.fixMissing' };
    case 'unavailable':
      return { status: 'warning', found: 'speech.unavailable', fix: 'speech.fixUnavailable' };
  }
}

export interface AutoplayFacts {
  muted: boolean;
  sound: boolean;
}

export function autoplayVerdict({ muted, sound }: AutoplayFacts, ios: boolean): Verdict {
  if (sound) return { status: 'ok', found: 'autoplay.sound' };
  if (muted) return { status: 'warning', found: 'autoplay.mutedOnly', fix: 'autoplay.fixTap' };
  return {
    status: 'error',
    found: 'autoplay.none',
    fix: ios ? 'autoplay.fixLowPower' : 'autoplay.fixSettings',
    micManual: ios,
  };
}

export interface NetworkFacts {
  /** Round trip of GET /healthz in ms; null when it failed or timed out. */
  roundTripMs: number | null;
  effectiveType?: string;
  downlinkMbps?: number;
  saveData?: boolean;
}

/** Slower than this, replies start late and videos stall. */
const SLOW_ROUND_TRIP_MS = 800;

export function networkVerdict(facts: NetworkFacts): Verdict {
  if (facts.roundTripMs === null) return { status: 'error', found: 'network.failed', fix: 'network.fixOffline' };
  const values = { ms: Math.round(facts.roundTripMs) };
  const slowLink = facts.effectiveType === '2g' || facts.effectiveType === 'slow-2g';
  if (slowLink || facts.roundTripMs > SLOW_ROUND_TRIP_MS)
    return { status: 'warning', found: 'network.slow', values, fix: 'network.fixSlow' };
  if (facts.saveData) return { status: 'warning', found: 'network.saveData', values, fix: 'network.fixSaveData' };
  return { status: 'ok', found: 'network.ok', values };
}
