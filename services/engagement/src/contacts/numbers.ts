import type { Transaction } from '@talkwith/platform';
import { readableNumbers, type RandomIndex } from '@talkwith/platform/numbers';

/**
 * Contact receipt numbers a person can read out or copy from the screen
 * (`CT-2611-7K3Q`, the platform's readable numbers; CT, so support tells them
 * from billing's TW- order numbers). Each is the `_id` of a `contact_numbers`
 * row, inserted in the transaction that stores the contact.
 */
const receiptNumbers = readableNumbers({
  prefix: 'CT',
  collection: 'contact_numbers',
  exhausted: '受付番号を発行できませんでした。もう一度お試しください。',
});

export const RECEIPT_NUMBER_PATTERN = receiptNumbers.pattern;
export const drawReceiptNumber = receiptNumbers.draw;

/** Takes a free number for the contact inside the caller's transaction. */
export function allocateReceiptNumber(
  tx: Transaction,
  contactId: string,
  at: Date,
  pick?: RandomIndex,
): Promise<string> {
  return receiptNumbers.allocate(tx, { contact_id: contactId }, at, pick);
}
