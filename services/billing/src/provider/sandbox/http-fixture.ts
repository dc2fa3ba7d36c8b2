/** Test helper: the sandbox served by a real listening Fastify (its pages and VeriTrans4G-shaped REST), as billing serves it. */
import Fastify, { type FastifyInstance } from 'fastify';
import type { DocumentStore } from '@talkwith/platform';
import { httpPlugin } from '@talkwith/platform/http';
import { freePort } from '@talkwith/platform/testing';
import type { MerchantCredentials } from '../veritrans/sign.ts';
import { SandboxEngine } from './engine.ts';
import { SANDBOX_REST_PREFIX, sandboxRest } from './rest.ts';
import { sandboxPages } from './routes.ts';
import { engineForTest, futureExpiry } from './test-support.ts';

export const TEST_MERCHANT: MerchantCredentials = {
  merchantCcid: 'A100000000000000000000cc',
  secretKey: 'test-secret-key-0123456789abcdef',
};

export interface ServedSandbox {
  app: FastifyInstance;
  engine: SandboxEngine;
  store: DocumentStore;
  origin: string;
  restUrl: string;
  tokenFor(cardNumber: string): Promise<string>;
  answerChallenge(orderId: string, passed: boolean): Promise<Response>;
  close(): Promise<void>;
}

export async function serveSandbox(pendingMs: number): Promise<ServedSandbox> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const base = await engineForTest({ pendingMs });
  const engine = new SandboxEngine({ store: base.store, publicUrl: origin, pendingMs });
  const app = Fastify();
  await app.register(httpPlugin);
  await app.register(sandboxPages, { engine });
  await app.register(sandboxRest, { engine, merchant: TEST_MERCHANT });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    engine,
    store: base.store,
    origin,
    restUrl: `${origin}${SANDBOX_REST_PREFIX}`,
    async tokenFor(cardNumber) {
      const res = await fetch(`${origin}/api/payment/sandbox/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          card_number: cardNumber,
          card_expire: futureExpiry(),
          security_code: '123',
          token_api_key: 'sandbox',
        }),
      });
      const body: unknown = await res.json();
      if (
        res.status !== 200 ||
        typeof body !== 'object' ||
        body === null ||
        !('token' in body) ||
        typeof body.token !== 'string'
      )
        throw new Error(`token refused: ${res.status}`);
      return body.token;
    },
    answerChallenge(orderId, passed) {
      return fetch(`${origin}/api/payment/sandbox/challenge/${orderId}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `result=${passed ? 'pass' : 'fail'}`,
      });
    },
    async close() {
      await app.close();
      await base.close();
    },
  };
}
