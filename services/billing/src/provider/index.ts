/** The provider area (API.md § Provider port): which card provider billing talks to, and its pages. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '@talkwith/platform';
import { TokenEndpointReply } from '@talkwith/proto/billing';
import type { BillingConfig } from '../config.ts';
import type { BillingArea, BillingDeps } from '../deps.ts';
import type { PaymentProvider } from './port.ts';
import { SandboxProvider } from './sandbox/adapter.ts';
import { SandboxEngine } from './sandbox/engine.ts';
import { sandboxPages } from './sandbox/routes.ts';
import { VeritransProvider } from './veritrans/adapter.ts';
import { veritransPages } from './veritrans/routes.ts';

export { countSandboxCharges, sandboxChargesByOrder } from './sandbox/engine.ts';

/**
 * The sandbox's pages (token endpoint, 3-D Secure page) exist only while the
 * sandbox takes the cards: otherwise they answer 404. Its VeriTrans4G-shaped
 * REST API is not served by the product (billing calls the sandbox
 * in-process); only the VeriTrans4G adapter's tests mount it
 * (sandbox/http-fixture.ts).
 */
export async function providerRoutes(app: FastifyInstance, deps: BillingDeps): Promise<void> {
  // The card form asks here where to send the card, so the browser follows PAYMENT_PROVIDER without a rebuild.
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/payment/token_endpoint',
    {
      schema: {
        tags: ['billing'],
        summary:
          "Where the browser posts the card for a one-time token (the provider's host) and the public key it sends",
        response: { 200: TokenEndpointReply },
      },
    },
    async () => {
      const { url, tokenApiKey } = deps.provider.tokenEndpoint();
      // The sandbox lives on our own origin: a path keeps it same-origin however the browser reached us (localhost or 127.0.0.1).
      const sameOrigin = url.startsWith(`${deps.publicUrl}/`) ? url.slice(deps.publicUrl.length) : url;
      return { ok: true as const, url: sameOrigin, token_api_key: tokenApiKey };
    },
  );
  if (deps.config.PAYMENT_PROVIDER === 'sandbox' && deps.provider instanceof SandboxProvider) {
    await app.register(sandboxPages, { engine: deps.provider.engine });
  }
  if (deps.config.PAYMENT_PROVIDER === 'veritrans') await app.register(veritransPages, { store: deps.platform.store });
}

export const providerArea: BillingArea = { name: 'provider', routes: providerRoutes };

/** The provider named by PAYMENT_PROVIDER; the sandbox only when configured so. */
export async function providerFrom(
  config: BillingConfig,
  platform: Platform,
  publicUrl: string,
): Promise<PaymentProvider> {
  if (config.PAYMENT_PROVIDER === 'sandbox') {
    const engine = new SandboxEngine({ store: platform.store, publicUrl, pendingMs: config.SANDBOX_PENDING_MS });
    await engine.ensureIndexes();
    return new SandboxProvider(engine);
  }
  const {
    VERITRANS_MERCHANT_CCID: merchantCcid,
    VERITRANS_SECRET_KEY: secretKey,
    VERITRANS_TOKEN_API_KEY: tokenApiKey,
  } = config;
  if (!merchantCcid || !secretKey || !tokenApiKey) {
    const missing = Object.entries({
      VERITRANS_MERCHANT_CCID: merchantCcid,
      VERITRANS_SECRET_KEY: secretKey,
      VERITRANS_TOKEN_API_KEY: tokenApiKey,
    })
      .filter(([, value]) => !value)
      .map(([name]) => name);
    throw new Error(
      `PAYMENT_PROVIDER=veritrans needs ${missing.join(', ')} (set them, or PAYMENT_PROVIDER=sandbox for test cards)`,
    );
  }
  const provider = new VeritransProvider({
    baseUrl: config.VERITRANS_URL,
    credentials: { merchantCcid, secretKey },
    timeoutMs: config.PAYMENT_TIMEOUT_MS,
    store: platform.store,
    publicUrl,
    tokenUrl: config.VERITRANS_TOKEN_URL,
    tokenApiKey,
  });
  await provider.ensureIndexes();
  return provider;
}
