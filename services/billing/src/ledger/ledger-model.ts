import type { LedgerAsset } from '@talkwith/proto/billing';
import { expiryOf } from './calendar.ts';

/**
 * TEST SUPPORT: the ledger's rules written a second, naive way (plain
 * arrays, no store), which the property tests hold the real ledger to.
 */
export interface ModelLot {
  id: string;
  asset: LedgerAsset;
  ref: string;
  granted: number;
  remaining: number;
  grantedAt: string;
  expiresAt: string;
}

export const MONTHS: Record<LedgerAsset, number> = { tickets: 3, points: 6 };

export class LedgerModel {
  readonly lots: ModelLot[] = [];

  grant(id: string, asset: LedgerAsset, amount: number, ref: string, now: Date, deadline?: string): void {
    this.lots.push({
      id,
      asset,
      ref,
      granted: amount,
      remaining: amount,
      grantedAt: now.toISOString(),
      expiresAt: expiryOf(now, MONTHS[asset], deadline),
    });
  }

  private live(asset: LedgerAsset, now: Date): ModelLot[] {
    const at = now.toISOString();
    return this.lots
      .filter((lot) => lot.asset === asset && lot.remaining > 0 && lot.expiresAt > at)
      .sort((a, b) =>
        a.expiresAt !== b.expiresAt
          ? a.expiresAt < b.expiresAt
            ? -1
            : 1
          : a.grantedAt !== b.grantedAt
            ? a.grantedAt < b.grantedAt
              ? -1
              : 1
            : a.id < b.id
              ? -1
              : 1,
      );
  }

  available(asset: LedgerAsset, now: Date): number {
    return this.live(asset, now).reduce((sum, lot) => sum + lot.remaining, 0);
  }

  /** Writes off what expired; returns how much. */
  expire(asset: LedgerAsset | 'all', now: Date): number {
    const at = now.toISOString();
    let total = 0;
    for (const lot of this.lots) {
      if ((asset === 'all' || lot.asset === asset) && lot.remaining > 0 && lot.expiresAt <= at) {
        total += lot.remaining;
        lot.remaining = 0;
      }
    }
    return total;
  }

  /** A use or removal: all or nothing, soonest expiry first. */
  spend(asset: LedgerAsset, amount: number, now: Date): boolean {
    if (this.available(asset, now) < amount) return false;
    this.expire(asset, now);
    let left = amount;
    for (const lot of this.live(asset, now)) {
      const take = Math.min(lot.remaining, left);
      lot.remaining -= take;
      left -= take;
      if (left === 0) break;
    }
    return true;
  }

  revoke(asset: LedgerAsset, ref: string, now: Date): number {
    this.expire(asset, now);
    let total = 0;
    for (const lot of this.live(asset, now)) {
      if (lot.ref !== ref) continue;
      total += lot.remaining;
      lot.remaining = 0;
    }
    return total;
  }

  balance(asset: LedgerAsset): number {
    return this.lots.filter((lot) => lot.asset === asset).reduce((sum, lot) => sum + lot.remaining, 0);
  }
}
