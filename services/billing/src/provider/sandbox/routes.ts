/**
 * The sandbox's own HTTP pages (registered only with PAYMENT_PROVIDER=sandbox):
 * the token endpoint the browser posts the card to, and the 3-D Secure page.
 * Card bodies are never logged (no route here logs a body).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  HtmlPage,
  SandboxChallengeBody,
  SandboxChallengeParams,
  SandboxTokenBody,
  SandboxTokenFailure,
  SandboxTokenReply,
} from '@talkwith/proto/billing';
import { ProviderRequestError } from '../port.ts';
import { CHALLENGE_PAGE_CSP, challengeDonePage, challengePage, returnAddress } from './challenge-page.ts';
import type { SandboxEngine } from './engine.ts';
import { SANDBOX_TOKEN_API_KEY } from './tokens.ts';
import { purchaseErrors } from '../../errors.ts';

type TokenAnswer = { status: 200; body: SandboxTokenReply } | { status: 400; body: SandboxTokenFailure };

/** The MDK-token-like answer to a card: a one-time token, or a failure naming what was wrong (never echoing the card). */
export async function tokenAnswer(engine: SandboxEngine, body: SandboxTokenBody): Promise<TokenAnswer> {
  if (body.token_api_key !== SANDBOX_TOKEN_API_KEY)
    return {
      status: 400,
      body: { status: 'failure', code: 'MA40000000000000', message: 'トークンAPIキーが正しくありません。' },
    };
  try {
    const issued = await engine.createToken({
      cardNumber: body.card_number,
      expiry: body.card_expire,
      securityCode: body.security_code,
    });
    return {
      status: 200,
      body: {
        token: issued.token,
        token_expire_date: issued.expiresAt.toISOString(),
        req_card_number: issued.maskedNumber,
        status: 'success',
        code: 'success',
        message: 'トークンを発行しました。',
      },
    };
  } catch (err) {
    if (!(err instanceof ProviderRequestError)) throw err;
    return {
      status: 400,
      body: { status: 'failure', code: err.vResultCode ?? 'MA41000000000000', message: err.message },
    };
  }
}

export async function sandboxPages(app: FastifyInstance, { engine }: { engine: SandboxEngine }): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // The challenge page's form; only this plugin's routes see the parser.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  api.post(
    '/api/payment/sandbox/tokens',
    {
      schema: {
        tags: ['billing'],
        summary: 'sandbox: a one-time card token (the provider host the browser posts the card to)',
        body: SandboxTokenBody,
        response: { 200: SandboxTokenReply, 400: SandboxTokenFailure },
      },
    },
    async (request, reply) => {
      const answer = await tokenAnswer(engine, request.body);
      return reply.code(answer.status).send(answer.body);
    },
  );

  api.get(
    '/api/payment/sandbox/challenge/:order_id',
    {
      schema: {
        tags: ['billing'],
        summary: 'sandbox: the 3-D Secure challenge page',
        params: SandboxChallengeParams,
        response: { 200: HtmlPage },
      },
    },
    async (request, reply) => {
      const order = await engine.order(request.params.order_id);
      if (!order) throw purchaseErrors.challengeNotFound();
      const html = order.status === 'challenge' ? challengePage(order) : challengeDonePage(order);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', CHALLENGE_PAGE_CSP)
        .send(html);
    },
  );

  api.post(
    '/api/payment/sandbox/challenge/:order_id',
    {
      schema: {
        tags: ['billing'],
        summary: "sandbox: the shopper's answer on the challenge page; back to the shop",
        params: SandboxChallengeParams,
        body: SandboxChallengeBody,
        response: { 200: HtmlPage },
      },
    },
    async (request, reply) => {
      const order = await engine.decideChallenge(request.params.order_id, request.body.result === 'pass');
      if (!order) throw purchaseErrors.challengeNotFound();
      const back = returnAddress(order, engine.publicUrl);
      if (back) return reply.redirect(back, 303);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', CHALLENGE_PAGE_CSP)
        .send(challengeDonePage(order));
    },
  );
}
