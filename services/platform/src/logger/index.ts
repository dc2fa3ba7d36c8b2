import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import pino, { type Logger, type LevelWithSilent } from 'pino';
import type { FastifyBaseLogger } from 'fastify';

/** Never logged: credentials, tokens and card data, wherever they sit in a logged object. */
const SECRET_KEYS = ['password', 'newPassword', 'currentPassword', 'token', 'refreshToken', 'accessToken', 'card', 'cardNumber', 'cvc', 'secret'];

export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
];

export interface LoggerOptions {
  level?: LevelWithSilent;
  name?: string;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  return pino({
    level: options.level ?? 'info',
    ...(options.name ? { name: options.name } : {}),
    redact: { paths: redactPaths, censor: '[redacted]' },
  });
}

/** A caller-supplied request id is kept only when it is short and plain, so it cannot forge log lines. */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function genReqId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Fastify constructor options wiring a pino logger and request ids (echoed by the http plugin). */
export function loggingOptions(logger: Logger) {
  return { loggerInstance: logger as FastifyBaseLogger, genReqId, requestIdHeader: false as const };
}

export type { Logger };
