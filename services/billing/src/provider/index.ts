/** The provider area (API.md § Provider port): which card provider billing talks to, and the sandbox's routes. */
import type { Platform } from '@talkwith/platform';
import type { BillingConfig } from '../config.ts';
import type { BillingArea } from '../deps.ts';
import type { PaymentProvider } from './port.ts';
import { SandboxProvider } from './sandbox/adapter.ts';
import { SandboxEngine } from './sandbox/engine.ts';

export { countSandboxCharges, sandboxChargesByOrder } from './sandbox/engine.ts';

export const providerArea: BillingArea = { name: 'provider', async routes() {} };

/** The provider named by PAYMENT_PROVIDER; the sandbox only when configured so. */
export async function providerFrom(config: BillingConfig, platform: Platform, publicUrl: string): Promise<PaymentProvider> {
  if (config.PAYMENT_PROVIDER === 'sandbox') {
    const engine = new SandboxEngine({ store: platform.store, publicUrl, pendingMs: config.SANDBOX_PENDING_MS });
    await engine.ensureIndexes();
    return new SandboxProvider(engine);
  }
  throw new Error('PAYMENT_PROVIDER=veritrans: the VeriTrans4G adapter is not wired yet');
}
