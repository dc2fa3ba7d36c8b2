import { describe, expect, it } from 'vitest';
import { createDeviceProofs, DEVICE_TTL_SECONDS, deviceKeyFrom } from './devices.ts';

const key = deviceKeyFrom('test-secret-that-is-long-enough-0123456789');

describe('device proofs', () => {
  it('verify, a proof issued for the account, the device id', () => {
    const devices = createDeviceProofs(key);

    const proof = devices.issue('owner@example.jp');

    expect(devices.verify(proof, 'owner@example.jp')).toBe(proof.split('.')[0]);
  });

  it('verify, a proof of another account, null', () => {
    const devices = createDeviceProofs(key);

    const proof = devices.issue('attacker@example.jp');

    expect(devices.verify(proof, 'owner@example.jp')).toBeNull();
  });

  it("verify, a proof signed with another secret's key, null", () => {
    const forged = createDeviceProofs(deviceKeyFrom('another-secret-that-is-long-enough-0123')).issue(
      'owner@example.jp',
    );

    expect(createDeviceProofs(key).verify(forged, 'owner@example.jp')).toBeNull();
  });

  it('verify, a proof whose expiry was moved later, null', () => {
    const devices = createDeviceProofs(key);
    const [id, expiry, mac] = devices.issue('owner@example.jp').split('.');

    expect(devices.verify(`${id}.${Number(expiry) + 3600}.${mac}`, 'owner@example.jp')).toBeNull();
  });

  it('verify, past its lifetime, null', () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const devices = createDeviceProofs(key, () => now);
    const proof = devices.issue('owner@example.jp');

    now = new Date(now.getTime() + DEVICE_TTL_SECONDS * 1000 + 1000);

    expect(devices.verify(proof, 'owner@example.jp')).toBeNull();
  });

  it.each([[undefined], [''], ['a.b'], ['a.1.c.d'], ['a.x.c']])('verify, malformed proof %j, null', (proof) => {
    expect(createDeviceProofs(key).verify(proof, 'owner@example.jp')).toBeNull();
  });
});
