import { describe, expect, it } from 'vitest';
import { needsNoTicket } from './ticketGate.tsx';

describe('lazy ticket gate', () => {
  it('needsNoTicket, access that never costs a ticket, skips billing; a preview or ticket access loads it', () => {
    for (const access of ['free', 'owned', 'subscribed', 'operator', 'draft'] as const)
      expect(needsNoTicket({ access, price: 800 })).toBe(true);
    expect(needsNoTicket({ access: 'preview', price: 800 })).toBe(false);
    expect(needsNoTicket({ access: 'ticket', price: 800 })).toBe(false);
  });

  it('needsNoTicket, access unknown, decides by the price as billing does', () => {
    expect(needsNoTicket({ access: undefined, price: 0 })).toBe(true);
    expect(needsNoTicket({ access: undefined, price: 300 })).toBe(false);
  });
});
