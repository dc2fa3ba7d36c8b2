import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { engagementService } from '../index.ts';
import { allocateReceiptNumber, drawReceiptNumber, RECEIPT_NUMBER_PATTERN } from './numbers.ts';

let svc: ServiceUnderTest;
beforeAll(async () => {
  svc = await startServiceForTest(engagementService);
});
afterAll(async () => {
  await svc?.close();
});

describe('contact receipt numbers', () => {
  it('drawReceiptNumber, late on the last day of a month in UTC, uses the next month in Japan time', () => {
    const number = drawReceiptNumber(new Date('2026-11-30T16:00:00Z'), 4, () => 0);
    expect(number).toBe('CT-2612-2222');
    expect(number).toMatch(RECEIPT_NUMBER_PATTERN);
  });

  it('drawReceiptNumber, the whole alphabet, never draws the look-alikes 0, O, 1 or I', () => {
    let i = 0;
    const tail = drawReceiptNumber(new Date(), 32, () => i++).slice(8);
    expect(tail).toHaveLength(32);
    expect(tail).not.toMatch(/[01OI]/);
  });

  it('allocateReceiptNumber, the first draws taken, skips them and grows the random part after three', async () => {
    const at = new Date('2026-11-27T00:00:00Z');
    const taken = await svc.platform.store.withTransaction((tx) =>
      allocateReceiptNumber(tx, randomUUID(), at, () => 5),
    );
    let draws = 0;
    const next = await svc.platform.store.withTransaction((tx) =>
      allocateReceiptNumber(tx, randomUUID(), at, () => (draws++ < 12 ? 5 : 6)),
    );
    expect(taken).toBe('CT-2611-7777');
    expect(next).not.toBe(taken);
    expect(next).toMatch(RECEIPT_NUMBER_PATTERN);
  });
});
