import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { ConfigError } from '../config/index.ts';

/**
 * Credentials kept in the store (a character's SPJ key and google_key),
 * sealed with SPEC.md §5's encryption helper: a 32-byte key and a 16-byte IV,
 * both hex, from the environment.
 *
 * The mode is AES-256-GCM (authenticated: a changed byte fails to open
 * instead of opening to garbage). GCM must never see the same nonce twice
 * under one key: two values sealed with one nonce leak the XOR of their
 * plaintexts and let anyone forge tags. So the configured IV is not used as
 * the nonce; each value gets a random 16-byte salt and its nonce is the first
 * 12 bytes of HMAC-SHA256(IV, salt), the salt stored beside the ciphertext.
 * The field name is bound as associated data, so a sealed SPJ key cannot be
 * passed off as a google_key.
 *
 * Stored form: `enc:v1:<salt>:<ciphertext+tag>` (base64url). The empty string
 * stays empty (it means "not set" everywhere), and a value without the
 * prefix is one stored before sealing existed: it is read as it is (open) and
 * sealed on its next write or by the owning service's start-up pass.
 */
export interface CredentialCipher {
  seal(field: string, plain: string): string;
  /** The clear value; a value stored in clear (before sealing) comes back as it is. */
  open(field: string, stored: string): string;
  isSealed(stored: string): boolean;
}

export interface CredentialKeys {
  /** 64 hex digits (32 bytes). */
  CREDENTIALS_KEY?: string | undefined;
  /** 32 hex digits (16 bytes). */
  CREDENTIALS_IV?: string | undefined;
}

const PREFIX = 'enc:v1:';
const KEY_BYTES = 32;
const IV_BYTES = 16;
const SALT_BYTES = 16;
const TAG_BYTES = 16;

/** SPEC.md §5/§8's configuration errors, in Japanese, naming the variable to set. */
export const CredentialMessages = {
  keyMissing: '暗号化キーが設定されていません（CREDENTIALS_KEY に 32 バイトの 16 進数 64 文字を設定してください）。',
  ivMissing: '暗号化のIVが設定されていません（CREDENTIALS_IV に 16 バイトの 16 進数 32 文字を設定してください）。',
  lengthInvalid:
    '暗号化キーまたはIVの長さが正しくありません（CREDENTIALS_KEY は 16 進数 64 文字＝32 バイト、CREDENTIALS_IV は 16 進数 32 文字＝16 バイト）。',
} as const;

const hexOf = (value: string, bytes: number): Buffer | null =>
  new RegExp(`^[0-9a-fA-F]{${bytes * 2}}$`).test(value) ? Buffer.from(value, 'hex') : null;

/** Checks the pair; a missing or malformed one throws ConfigError with the Japanese messages (the process does not start). */
export function credentialCipherFrom(keys: CredentialKeys): CredentialCipher {
  const problems: string[] = [];
  if (!keys.CREDENTIALS_KEY) problems.push(`CREDENTIALS_KEY: ${CredentialMessages.keyMissing}`);
  if (!keys.CREDENTIALS_IV) problems.push(`CREDENTIALS_IV: ${CredentialMessages.ivMissing}`);
  if (problems.length > 0) throw new ConfigError(problems);
  const key = hexOf(keys.CREDENTIALS_KEY!, KEY_BYTES);
  const iv = hexOf(keys.CREDENTIALS_IV!, IV_BYTES);
  if (!key || !iv)
    throw new ConfigError([`${key ? 'CREDENTIALS_IV' : 'CREDENTIALS_KEY'}: ${CredentialMessages.lengthInvalid}`]);
  return createCredentialCipher(key, iv);
}

/** A fresh pair for a standalone installation (kept under DATA_DIR, standalone.ts). */
export function generateCredentialKeys(): Required<CredentialKeys> {
  return {
    CREDENTIALS_KEY: randomBytes(KEY_BYTES).toString('hex'),
    CREDENTIALS_IV: randomBytes(IV_BYTES).toString('hex'),
  };
}

function createCredentialCipher(key: Buffer, iv: Buffer): CredentialCipher {
  const nonceOf = (salt: Buffer) => createHmac('sha256', iv).update(salt).digest().subarray(0, 12);
  return {
    seal(field, plain) {
      if (plain === '') return '';
      const salt = randomBytes(SALT_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonceOf(salt), { authTagLength: TAG_BYTES }).setAAD(
        Buffer.from(field, 'utf8'),
      );
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${PREFIX}${salt.toString('base64url')}:${sealed.toString('base64url')}`;
    },
    open(field, stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      const [saltText = '', sealedText = ''] = stored.slice(PREFIX.length).split(':');
      const salt = Buffer.from(saltText, 'base64url');
      const sealed = Buffer.from(sealedText, 'base64url');
      if (salt.length !== SALT_BYTES || sealed.length < TAG_BYTES)
        throw new Error(`${field}: the sealed credential is malformed`);
      const decipher = createDecipheriv('aes-256-gcm', key, nonceOf(salt), { authTagLength: TAG_BYTES }).setAAD(
        Buffer.from(field, 'utf8'),
      );
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      // final() throws when the tag does not match: another key, or a changed value.
      return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    },
    isSealed: (stored) => stored.startsWith(PREFIX),
  };
}
