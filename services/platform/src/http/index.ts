import fp from 'fastify-plugin';
// Route schemas carry OpenAPI tags and summaries for the gateway's /api/docs.
import type {} from '@fastify/swagger';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toErrorReply, messages } from './error-reply.ts';
import { logFailure } from './failure-log.ts';
import { rejectNonFinite } from './finite.ts';
import { withRequestId } from './request-context.ts';

export { toErrorReply, messages, validationField } from './error-reply.ts';
export { failureKind, isClientClosed, isOverload, logFailure, type FailureKind } from './failure-log.ts';
export type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';

/**
 * The HTTP conventions shared by the gateway and every service server: the
 * error shape of DESIGN.md §4 for every failure (AppError, validation,
 * malformed JSON, oversized body, unknown route) and the request id echoed
 * in `x-request-id`. Registered once at the root of each Fastify instance.
 */
/**
 * How long a plugin or an `onReady` hook may take before Fastify gives up on the start (its default is 10 s).
 * Services build their indexes and seed in `onReady`: fsync-bound work that on a busy machine (four standalones
 * starting side by side on two cores) took longer than 10 s, and the process exited instead of starting late.
 */
export const START_TIMEOUT_MS = 60_000;

/**
 * Fastify's `frameworkErrors` option (set where the instance is created: the
 * gateway and every service server). Errors Fastify finds before routing
 * (FST_ERR_BAD_URL, FST_ERR_MAX_PARAM_LENGTH) skip the error handler; this
 * answers them in the same shape, without echoing the URL.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = toErrorReply(err);
  request.log.info({ code: body.code, status, reason: err.code }, 'request rejected');
  void reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

export interface HttpPluginOptions {
  /** Tried before the JSON 404 (the gateway serves the web client's index.html here); reply sent = handled. */
  fallback?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

async function httpConventions(app: FastifyInstance, options: HttpPluginOptions): Promise<void> {
  // Callback-style hooks: no promise per request on the hot path.
  // The request id is entered here and again before the handler: a body is
  // parsed in the socket's own async context, which does not carry it over.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    withRequestId(request.id, done);
  });
  // While closing, answers end their keep-alive connection: server.close()
  // only drops connections idle at the moment it is called, so a connection
  // whose request was in flight would otherwise hold shutdown open.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  // Validated bodies and queries may still hold Infinity (1e309): refused before any handler (finite.ts).
  app.addHook('preHandler', (request, _reply, done) => {
    try {
      rejectNonFinite(request.query, request.body);
      withRequestId(request.id, done);
    } catch (err) {
      done(err as FastifyError);
    }
  });
  app.setErrorHandler(async (err: FastifyError, request, reply) => {
    const { status, body } = toErrorReply(err);
    // A shed request or a client that left is a warning without a stack; only a fault is an error (failure-log.ts).
    if (status >= 500) logFailure(request.log, err, request.raw, { status, code: body.code });
    else request.log.info({ code: body.code, status }, 'request rejected');
    const headers = (err as { headers?: Record<string, string> }).headers;
    if (headers) reply.headers(headers);
    // Sent as text: a route's response schema for its own 4xx must not strip the error shape.
    return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
  });
  app.setNotFoundHandler(async (request, reply) => {
    if (options.fallback) await options.fallback(request, reply);
    if (reply.sent) return reply;
    return reply.code(404).send({ ok: false, message: messages.notFound, error: 'Not Found', code: 'NOT_FOUND' });
  });
}

export const httpPlugin = fp(httpConventions, { name: 'talkwith-http', fastify: '5.x' });
export default httpPlugin;
export { healthRoutes } from './health.ts';
export { closeOnSignals, type ShutdownOptions } from './shutdown.ts';
export { trustHops, SERVICE_TRUSTED_HOPS } from './proxy-trust.ts';
export { lazySchemaCompilers } from './lazy-schemas.ts';
export { currentRequestId, withRequestId, type RequestContext } from './request-context.ts';
export { ensureJwt, requireCaller, requireAdminCaller, type Caller } from './auth.ts';
export {
  announceSessionVersion,
  sessionIsCurrent,
  sessionVersionKey,
  REVOKED,
  SESSION_VERSION_CLAIM,
} from './session-version.ts';
