import { describe, expect, it } from 'vitest';
import { challengePage } from './challenge-page.ts';
import type { OrderDoc } from './model.ts';

const order = {
  _id: 'sbx_ord_01JDXQ7Z5K9M3N4P6R8T0V2W4Y6A8C0E2G',
  amount: 1100,
  card: { brand: 'VISA', last4: '4242' },
} as OrderDoc;

describe('sandbox challenge page', () => {
  it('challengePage, on a 390 px phone, keeps each label on one line and lets the long transaction id wrap', () => {
    const html = challengePage(order);
    // Under auto/1fr columns the unbreakable id took the row and squeezed 取引ID to one character per line.
    expect(html).toMatch(/grid-template-columns:max-content minmax\(0,1fr\)/);
    expect(html).toMatch(/dt\{[^}]*white-space:nowrap/);
    expect(html).toMatch(/dd\{[^}]*overflow-wrap:anywhere/);
  });
});
