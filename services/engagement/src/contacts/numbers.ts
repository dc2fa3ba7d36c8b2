import { randomInt } from 'node:crypto';
import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import { AppError } from '@talkwith/platform';

/**
 * Contact receipt numbers a person can read out or copy from the screen:
 * `CT-2611-7K3Q` — the prefix (CT, so support tells it from billing's TW- order
 * numbers), the year and month in Japan time (YYMM), and random characters
 * from an alphabet without the look-alikes 0/O and 1/I (32 symbols, so
 * `randomInt` draws each without bias). Each number is the `_id` of a
 * `contact_numbers` row, inserted in the transaction that stores the contact:
 * a number already taken is skipped, and after three taken draws in a row the
 * random part grows by one character.
 */
export const RECEIPT_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const RECEIPT_PREFIX = 'CT';
export const RECEIPT_NUMBER_PATTERN = /^CT-\d{4}-[2-9A-HJ-NP-Z]{4,12}$/;
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;
const DRAWS_PER_LENGTH = 3;
const MAX_DRAWS = 24;

interface ContactNumberDoc { _id: string; contact_id: string; at: string; [key: string]: unknown }
const openNumbers = (store: DocumentStore | Transaction): Collection<ContactNumberDoc> => store.collection<ContactNumberDoc>('contact_numbers');

/** One candidate: `CT-YYMM-` and `length` random characters. */
export function drawReceiptNumber(at: Date, length = 4, pick: (n: number) => number = randomInt): string {
  const yymm = new Date(at.getTime() + JST_OFFSET_MS).toISOString().slice(2, 7).replace('-', '');
  let tail = '';
  for (let i = 0; i < length; i += 1) tail += RECEIPT_ALPHABET[pick(RECEIPT_ALPHABET.length)];
  return `${RECEIPT_PREFIX}-${yymm}-${tail}`;
}

/** Takes a free number for the contact inside the caller's transaction (a concurrent taker of the same one fails it with DUPLICATE_KEY). */
export async function allocateReceiptNumber(tx: Transaction, contactId: string, at: Date, pick: (n: number) => number = randomInt): Promise<string> {
  const numbers = openNumbers(tx);
  for (let draw = 0; draw < MAX_DRAWS; draw += 1) {
    const candidate = drawReceiptNumber(at, 4 + Math.floor(draw / DRAWS_PER_LENGTH), pick);
    if (await numbers.findOne({ _id: candidate }, { projection: { _id: 1 } })) continue;
    await numbers.insertOne({ _id: candidate, contact_id: contactId, at: at.toISOString() });
    return candidate;
  }
  throw new AppError('CONFLICT', '受付番号を発行できませんでした。もう一度お試しください。', { status: 409 });
}
