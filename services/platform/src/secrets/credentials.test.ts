import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/index.ts';
import { credentialCipherFrom, CredentialMessages, generateCredentialKeys } from './credentials.ts';

const keys = { CREDENTIALS_KEY: '1f'.repeat(32), CREDENTIALS_IV: 'a0'.repeat(16) };

describe('credentialCipherFrom', () => {
  it('seal then open, a key, comes back as it was and is not in the sealed text', () => {
    const cipher = credentialCipherFrom(keys);
    const sealed = cipher.seal('spj_api_key', 'spj-key-秘密-123');
    expect(sealed).toMatch(/^enc:v1:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('spj-key');
    expect(cipher.open('spj_api_key', sealed)).toBe('spj-key-秘密-123');
  });

  it('seal, the same value twice, gives two texts (a fresh nonce per value)', () => {
    const cipher = credentialCipherFrom(keys);
    expect(cipher.seal('google_key', 'same')).not.toBe(cipher.seal('google_key', 'same'));
  });

  it('open, a sealed value changed, opened as another field or with another key, throws instead of answering garbage', () => {
    const cipher = credentialCipherFrom(keys);
    const sealed = cipher.seal('spj_api_key', 'value');
    // A character well inside the ciphertext (the last one of base64url may carry unused bits), changed for sure.
    const at = sealed.length - 5;
    const flipped = `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`;
    expect(() => cipher.open('spj_api_key', flipped)).toThrow();
    expect(() => cipher.open('google_key', sealed)).toThrow();
    expect(() => credentialCipherFrom(generateCredentialKeys()).open('spj_api_key', sealed)).toThrow();
  });

  it('seal and open, the empty string and a value stored before sealing, stay as they are', () => {
    const cipher = credentialCipherFrom(keys);
    expect(cipher.seal('google_key', '')).toBe('');
    expect(cipher.open('google_key', 'AIza-legacy-clear')).toBe('AIza-legacy-clear');
    expect(cipher.isSealed('AIza-legacy-clear')).toBe(false);
  });

  it('credentialCipherFrom, the IV not set, throws ConfigError with the Japanese message', () => {
    expect(() => credentialCipherFrom({ CREDENTIALS_KEY: keys.CREDENTIALS_KEY })).toThrow(ConfigError);
    expect(() => credentialCipherFrom({ CREDENTIALS_KEY: keys.CREDENTIALS_KEY })).toThrow(
      `CREDENTIALS_IV: ${CredentialMessages.ivMissing}`,
    );
    expect(CredentialMessages.ivMissing).toMatch(/^暗号化のIVが設定されていません/);
  });

  it('credentialCipherFrom, a key or IV of the wrong length or not hex, throws the length message', () => {
    for (const bad of [
      { ...keys, CREDENTIALS_KEY: '1f'.repeat(16) },
      { ...keys, CREDENTIALS_IV: 'a0'.repeat(12) },
      { ...keys, CREDENTIALS_KEY: 'zz'.repeat(32) },
    ])
      expect(() => credentialCipherFrom(bad)).toThrow(CredentialMessages.lengthInvalid);
  });
});
