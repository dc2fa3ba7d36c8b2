import { randomInt } from 'node:crypto';
import { AppError } from '../errors/index.ts';
import type { Transaction } from '../ports/index.ts';

/**
 * Numbers a person can read over the phone or copy from a screen, such as
 * `TW-2611-7K3Q`: a prefix naming what they number, the year and month in
 * Japan time (YYMM), and random characters from an alphabet without the
 * look-alikes 0/O and 1/I (32 symbols, so `randomInt` draws each without
 * bias). Billing's order numbers and engagement's contact receipts use it.
 *
 * Uniqueness: each number is the `_id` of a row in the numbering collection,
 * inserted in the caller's transaction. A number already taken is skipped (read
 * in the same transaction) and, after three taken draws in a row, the random
 * part grows by one character, so a busy month never runs out. A concurrent
 * taker of the same number makes one transaction fail with DUPLICATE_KEY (the
 * caller's transaction is rolled back and may be run again).
 */
export const READABLE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;
const DRAWS_PER_LENGTH = 3;
const MAX_DRAWS = 24;

export type RandomIndex = (n: number) => number;

export interface ReadableNumbers {
  /** `PREFIX-YYMM-` and 4 to 12 characters of the alphabet. */
  pattern: RegExp;
  /** One candidate of `length` random characters. */
  draw(at: Date, length?: number, pick?: RandomIndex): string;
  /** Takes a free number inside `tx`; `fields` are stored on its row beside `at` (what it numbers). */
  allocate(tx: Transaction, fields: Record<string, unknown>, at: Date, pick?: RandomIndex): Promise<string>;
}

export interface ReadableNumberOptions {
  /** Two capital letters, e.g. `TW`. */
  prefix: string;
  /** The collection whose `_id`s are the numbers taken. */
  collection: string;
  /** The 409's message when no free number was found (in Japanese). */
  exhausted: string;
}

/** YYMM of an instant on the Japanese calendar. */
export function yymmOf(at: Date): string {
  return new Date(at.getTime() + JST_OFFSET_MS).toISOString().slice(2, 7).replace('-', '');
}

export function readableNumbers(options: ReadableNumberOptions): ReadableNumbers {
  const draw = (at: Date, length = 4, pick: RandomIndex = randomInt): string => {
    let tail = '';
    for (let i = 0; i < length; i += 1) tail += READABLE_ALPHABET[pick(READABLE_ALPHABET.length)];
    return `${options.prefix}-${yymmOf(at)}-${tail}`;
  };
  return {
    pattern: new RegExp(`^${options.prefix}-\\d{4}-[2-9A-HJ-NP-Z]{4,12}$`),
    draw,
    async allocate(tx, fields, at, pick = randomInt) {
      const numbers = tx.collection<{ _id: string; at: string; [key: string]: unknown }>(options.collection);
      for (let attempt = 0; attempt < MAX_DRAWS; attempt += 1) {
        const candidate = draw(at, 4 + Math.floor(attempt / DRAWS_PER_LENGTH), pick);
        if (await numbers.findOne({ _id: candidate }, { projection: { _id: 1 } })) continue;
        await numbers.insertOne({ _id: candidate, ...fields, at: at.toISOString() });
        return candidate;
      }
      throw new AppError('CONFLICT', options.exhausted, { status: 409 });
    },
  };
}
