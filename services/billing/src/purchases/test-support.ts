/** Test helpers for the purchases area: billing on embedded adapters, sandbox card tokens, a buyer. */
import { randomUUID } from 'node:crypto';
import { startServiceForTest, TEST_JWT_SECRET, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import type { LightMyRequestResponse } from 'fastify';
import { loadBillingConfig } from '../config.ts';
import type { BillingDeps } from '../deps.ts';
import { billingService } from '../index.ts';
import { SandboxProvider } from '../provider/sandbox/adapter.ts';
import { CARDS } from '../provider/sandbox/cards.ts';
import { SandboxEngine } from '../provider/sandbox/engine.ts';

export { CARDS } from '../provider/sandbox/cards.ts';

export const PUBLIC_URL = 'http://localhost:3000';
const ENV = { SANDBOX_PENDING_MS: '300', RECONCILE_EVERY_MS: '1000', PUBLIC_URL };

export interface Billing {
  svc: ServiceUnderTest;
  /** The sandbox on the service's own store: tokens as the browser would get them, the shopper's answer on the challenge page. */
  engine: SandboxEngine;
  /** What the purchases area is handed, for calling its domain functions directly. */
  deps: BillingDeps;
  close(): Promise<void>;
}

export async function startBilling(): Promise<Billing> {
  const svc = await startServiceForTest(billingService, ENV);
  const config = loadBillingConfig({ ...process.env, ...ENV });
  const engine = new SandboxEngine({
    store: svc.platform.store,
    publicUrl: PUBLIC_URL,
    pendingMs: config.SANDBOX_PENDING_MS,
  });
  const deps: BillingDeps = {
    platform: svc.platform,
    config,
    provider: new SandboxProvider(engine),
    publicUrl: PUBLIC_URL,
    jwtSecret: TEST_JWT_SECRET,
  };
  return { svc, engine, deps, close: () => svc.close() };
}

export async function cardToken(billing: Billing, card: keyof typeof CARDS = 'success'): Promise<string> {
  const year = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');
  return (await billing.engine.createToken({ cardNumber: CARDS[card], expiry: `12/${year}`, securityCode: '123' }))
    .token;
}

export interface Buyer {
  userId: string;
  auth: { authorization: string };
  /** POSTs as this buyer with a fresh (or the given) Idempotency-Key. */
  post(url: string, body: object, key?: string): Promise<LightMyRequestResponse>;
}

export function buyer(billing: Billing, roles: string[] = ['customer']): Buyer {
  const userId = randomUUID();
  const auth = { authorization: `Bearer ${billing.svc.tokenFor(userId, roles)}` };
  return {
    userId,
    auth,
    post: (url, body, key = randomUUID()) =>
      billing.svc.app.inject({ method: 'POST', url, headers: { ...auth, 'idempotency-key': key }, payload: body }),
  };
}

export async function walletOf(billing: Billing, userId: string): Promise<{ talk_tickets: number; points: number }> {
  const wallet = await billing.svc.platform.store.collection('wallets').findOne({ _id: userId });
  return { talk_tickets: Number(wallet?.talk_tickets ?? 0), points: Number(wallet?.points ?? 0) };
}

/** Grants recorded for one purchase (lots whose ref is the purchase). */
export async function lotsOf(billing: Billing, purchaseId: string): Promise<number> {
  return billing.svc.platform.store.collection('ledger_lots').countDocuments({ ref: purchaseId });
}

/** Publishes a character as the catalog would, and waits until billing sells it. */
export async function characterOnSale(billing: Billing, price = 800): Promise<string> {
  const characterId = randomUUID();
  await billing.svc.platform.events.publish('character.published', characterId, {
    character_id: characterId,
    name: `キャラ${characterId.slice(0, 4)}`,
    description: '',
    published_at: new Date().toISOString(),
    version: 1,
    price,
  });
  await eventually(
    async () =>
      (await billing.svc.platform.store
        .collection('products')
        .countDocuments({ _id: `character:${characterId}`, available: price > 0 })) === 1,
  );
  return characterId;
}
