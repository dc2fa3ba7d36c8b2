import type { FastifyPluginAsync } from 'fastify';
import type { Platform } from '@talkwith/platform';
import type { BillingConfig } from './config.ts';
import type { PaymentProvider } from './provider/port.ts';

/** What every billing area is handed: the ports, its validated config, the card provider. */
export interface BillingDeps {
  platform: Platform;
  config: BillingConfig;
  provider: PaymentProvider;
  /** The origin users reach the product at (PUBLIC_URL): 3-D Secure returns the browser here. */
  publicUrl: string;
  /** JWT_SECRET: ticket-use proofs (`use_token`) are signed with a key derived from it. */
  jwtSecret: string;
}

export interface Closer {
  close(): Promise<void>;
}

/**
 * One area of billing (ledger, provider, purchases, subscriptions; API.md).
 * The plugin registers `routes` (an area may have none), calls `prepare` while the app is built
 * (indexes, job handlers: they must be defined before the job queue starts)
 * and `start` once it is ready (consumers, repeating jobs).
 */
export interface BillingArea {
  name: string;
  routes?: FastifyPluginAsync<BillingDeps>;
  prepare?(deps: BillingDeps): Promise<void>;
  start?(deps: BillingDeps): Promise<Closer[]>;
}
