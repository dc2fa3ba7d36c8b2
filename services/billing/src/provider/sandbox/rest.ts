/**
 * The sandbox's VeriTrans4G-shaped REST API (the real adapter's tests run
 * against it): the same paths as VeriTrans4G under
 * `/api/payment/sandbox/vtid`, JSON `{params, authHash}` in, `{result}` out.
 * A wrong authHash is refused before anything runs.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validationField } from '@talkwith/platform/http';
import {
  VtAuthorizeParams,
  VtCancelParams,
  VtCardParams,
  VtEnvelope,
  VtReAuthorizeParams,
  VtReply,
  VtSearchParams,
} from '@talkwith/proto/billing';
import { authHashValid, type MerchantCredentials } from '../veritrans/sign.ts';
import { REQUEST_ERRORS } from './cards.ts';
import type { SandboxEngine } from './engine.ts';
import {
  answering,
  authorizeVt,
  cancelVt,
  cardInfoVt,
  reauthorizeVt,
  searchVt,
  type RestAnswer,
} from './rest-handlers.ts';

export const SANDBOX_REST_PREFIX = '/api/payment/sandbox/vtid';
/** Longest the time-out card holds an answer when the caller never gives up. */
const LOST_ANSWER_HOLD_MS = 60_000;

export interface SandboxRestOptions {
  engine: SandboxEngine;
  merchant: MerchantCredentials;
}

/** The signed envelope as sent (before schema validation may coerce anything): the hash covers exactly these params. */
function signedParts(body: unknown): { params: unknown; authHash: string } | null {
  if (typeof body !== 'object' || body === null || !('params' in body) || !('authHash' in body)) return null;
  return typeof body.authHash === 'string' ? { params: body.params, authHash: body.authHash } : null;
}

function merchantOf(params: unknown): unknown {
  return typeof params === 'object' && params !== null && 'merchantCcid' in params ? params.merchantCcid : undefined;
}

/** The time-out card: the charge is made; the answer waits until the caller's connection closes. */
function heldBack(request: FastifyRequest): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, LOST_ANSWER_HOLD_MS);
    request.raw.socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function send(request: FastifyRequest, reply: FastifyReply, work: () => Promise<RestAnswer>): Promise<VtReply> {
  const answer = await answering(work);
  if (answer.answerLost) await heldBack(request);
  return reply.code(200).send(answer.reply);
}

export async function sandboxRest(app: FastifyInstance, { engine, merchant }: SandboxRestOptions): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // As VeriTrans4G does, a parameter error is a failure answer with a code, not another error shape.
  app.setErrorHandler(async (err: FastifyError, request, reply) => {
    if (!err.validation) throw err;
    return reply.code(400).send({
      result: {
        vResultCode: REQUEST_ERRORS.badParams,
        mstatus: 'failure',
        merchMsg: `パラメータが正しくありません: ${validationField(err)}`,
      },
    });
  });
  app.addHook('preValidation', async (request, reply) => {
    const signed = signedParts(request.body);
    if (
      signed &&
      merchantOf(signed.params) === merchant.merchantCcid &&
      authHashValid(merchant, signed.params, signed.authHash)
    )
      return;
    return reply.code(401).send({
      result: {
        vResultCode: REQUEST_ERRORS.authHash,
        mstatus: 'failure',
        merchMsg: '認証ハッシュが正しくありません。',
      },
    });
  });
  const schema = <T extends Parameters<typeof VtEnvelope>[0]>(summary: string, params: T) => ({
    tags: ['billing'],
    summary: `sandbox VeriTrans4G: ${summary}`,
    body: VtEnvelope(params),
    response: { 200: VtReply, 400: VtReply, 401: VtReply },
  });
  const p = SANDBOX_REST_PREFIX;

  api.post(
    `${p}/paynow/v2/Authorize/card`,
    { schema: schema('authorize a card', VtAuthorizeParams) },
    (request, reply) => send(request, reply, () => authorizeVt(engine, request.body.params, 'mpi-none')),
  );
  api.post(
    `${p}/paynow/v2/Authorize/mpi`,
    { schema: schema('authorize with 3-D Secure', VtAuthorizeParams) },
    (request, reply) =>
      send(request, reply, () =>
        authorizeVt(engine, request.body.params, request.body.params.serviceOptionType ?? 'mpi-complete'),
      ),
  );
  api.post(
    `${p}/paynow/v2/ReAuthorize/card`,
    { schema: schema('charge the card of an earlier order', VtReAuthorizeParams) },
    (request, reply) => send(request, reply, () => reauthorizeVt(engine, request.body.params)),
  );
  api.post(`${p}/paynow/v2/Cancel/card`, { schema: schema('refund all or part', VtCancelParams) }, (request, reply) =>
    send(request, reply, () => cancelVt(engine, request.body.params)),
  );
  api.post(`${p}/paynow/v2/Search/common`, { schema: schema('search an order', VtSearchParams) }, (request, reply) =>
    send(request, reply, () => searchVt(engine, request.body.params)),
  );
  for (const [action, path] of [
    ['add', 'Add'],
    ['get', 'Get'],
    ['delete', 'Delete'],
    ['update', 'Update'],
  ] as const) {
    api.post(
      `${p}/paynowid/v1/${path}/cardinfo`,
      { schema: schema(`${action} a member card`, VtCardParams) },
      (request, reply) => send(request, reply, () => cardInfoVt(engine, action, request.body.params)),
    );
  }
}
