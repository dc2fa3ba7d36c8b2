import { describe, expect, it } from 'vitest';
import { autoplayVerdict, browserVerdict, microphoneVerdict, networkVerdict, speechVerdict } from './checks.ts';

describe('checks', () => {
  it('browserVerdict, a current Chrome, is ok with name, version and system', () => {
    expect(
      browserVerdict({ browser_name: 'Chrome', browser_version: '131.0.0.0', os: 'Windows', os_version: '10' }),
    ).toEqual({
      status: 'ok',
      found: 'browser.found',
      values: { name: 'Chrome', version: '131.0.0.0', os: 'Windows 10' },
      micManual: false,
    });
  });

  it('browserVerdict, Safari on an iPhone, is ok and points to the mic manual', () => {
    expect(browserVerdict({ browser_name: 'Safari', browser_version: '17.4', os: 'iOS', is_ios: true })).toMatchObject({
      status: 'ok',
      micManual: true,
    });
  });

  it.each([
    [{ browser_name: 'Chrome', browser_version: '79.0' }, 'warning', 'browser.fixUpdate'],
    [{ browser_name: 'Safari', browser_version: '14.1' }, 'warning', 'browser.fixUpdate'],
    [{ browser_name: 'Firefox', browser_version: '128.0' }, 'warning', 'browser.fixFirefox'],
    [{ browser_name: 'Internet Explorer', browser_version: '11.0', is_ie: true }, 'error', 'browser.fixUnsupported'],
    [{}, 'warning', 'browser.fixRecommended'],
    [{ browser_name: 'Chrome', browser_version: 'garbage' }, 'warning', 'browser.fixUpdate'],
  ])('browserVerdict, %o, is %s with %s', (device, status, fix) => {
    expect(browserVerdict(device)).toMatchObject({ status, fix });
  });

  it.each([
    ['granted', false, 'ok', undefined, false],
    ['prompt', false, 'warning', 'mic.fixAsk', false],
    ['unknown', true, 'warning', 'mic.fixAsk', true],
    ['denied', false, 'error', 'mic.fixDenied', false],
    ['denied', true, 'error', 'mic.fixDeniedIos', true],
    ['missing', false, 'error', 'mic.fixMissing', false],
    ['unavailable', false, 'error', 'browser.fixRecommended', false],
  ] as const)('microphoneVerdict, %s (iOS %s), is %s', (state, ios, status, fix, micManual) => {
    const verdict = microphoneVerdict(state, ios);
    expect([verdict.status, verdict.fix, Boolean(verdict.micManual)]).toEqual([status, fix, micManual]);
  });

  it('speechVerdict, what starting recognition found, is OK only when it ran; untested asks for the microphone first', () => {
    expect(speechVerdict('unavailable', false)).toEqual({
      status: 'warning',
      found: 'speech.unavailable',
      fix: 'speech.fixUnavailable',
    });
    expect(speechVerdict('siriOff', true)).toMatchObject({ status: 'error', fix: 'speech.fixIos', micManual: true });
    expect(speechVerdict('available', false)).toEqual({ status: 'ok', found: 'speech.available' });
    expect(speechVerdict('untested', false)).toEqual({
      status: 'warning',
      found: 'speech.untested',
      fix: 'speech.fixAskFirst',
    });
  });

  it('autoplayVerdict, with sound / muted only / nothing, is ok / warning / error (iOS: low power mode)', () => {
    expect(autoplayVerdict({ muted: true, sound: true }, false).status).toBe('ok');
    expect(autoplayVerdict({ muted: true, sound: false }, false)).toMatchObject({
      status: 'warning',
      fix: 'autoplay.fixTap',
    });
    expect(autoplayVerdict({ muted: false, sound: false }, true)).toMatchObject({
      status: 'error',
      fix: 'autoplay.fixLowPower',
      micManual: true,
    });
    expect(autoplayVerdict({ muted: false, sound: false }, false)).toMatchObject({
      status: 'error',
      fix: 'autoplay.fixSettings',
    });
  });

  it('networkVerdict, fast / slow / 2g / data saver / failed, is ok / warning / warning / warning / error', () => {
    expect(networkVerdict({ roundTripMs: 41.6, effectiveType: '4g' })).toEqual({
      status: 'ok',
      found: 'network.ok',
      values: { ms: 42 },
    });
    expect(networkVerdict({ roundTripMs: 1500 })).toMatchObject({ status: 'warning', found: 'network.slow' });
    expect(networkVerdict({ roundTripMs: 80, effectiveType: 'slow-2g' })).toMatchObject({
      status: 'warning',
      found: 'network.slow',
    });
    expect(networkVerdict({ roundTripMs: 80, saveData: true })).toMatchObject({
      status: 'warning',
      found: 'network.saveData',
    });
    expect(networkVerdict({ roundTripMs: null })).toMatchObject({ status: 'error', fix: 'network.fixOffline' });
  });
});
