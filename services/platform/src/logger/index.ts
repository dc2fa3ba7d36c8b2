import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { IncomingMessage } from 'node:http';
import pino, {
  type DestinationStream,
  type Logger,
  type LevelWithSilent,
  type LoggerOptions as PinoOptions,
} from 'pino';
import type PinoPretty from 'pino-pretty';
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { logFailure } from '../http/failure-log.ts';
import { deferredChildLogger } from './deferred-child.ts';

/** Never logged: credentials, tokens and card data, wherever they sit in a logged object. */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'refreshToken',
  'accessToken',
  'card',
  'cardNumber',
  'cvc',
  'secret',
];

export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
];

/**
 * One-time tokens travel in URLs (/password_reset/<token>, /email_confirm/<token>,
 * ?code=&state= of the Google callback): a token copied from a log line must
 * not work, so they are cut from every logged string and URL. Besides the
 * known places, any 32+ character run of base64url that mixes upper case,
 * lower case and digits is treated as a token (slugs, UUIDs and words are not).
 */
const TOKEN_PATH = /(\/(?:password_reset|email_confirm)\/)[^/?#\s"']+/g;
const SECRET_QUERY =
  /([?&](?:token|code|state|access_token|id_token|refresh_token|key|signature|secret|password)=)[^&#\s"']*/gi;
const TOKEN_LIKE = /(?<![\w-])(?=[\w-]*[A-Z])(?=[\w-]*[a-z])(?=[\w-]*\d)[\w-]{32,}(?![\w-])/g;

/**
 * E-mail addresses are personal data and never logged in clear: the value of
 * any query key that names an address (`?email=`, `?to=`, `?new_email=`,
 * `?username=`, even a partial one typed into a search) is dropped, and so is
 * anything anywhere that looks like an address (`@` or its URL encoding `%40`
 * between a local part and a dotted domain). Dropped rather than hashed: a
 * hash of an address is found again by hashing a list of guesses.
 */
const EMAIL_QUERY =
  /([?&](?:[\w.-]*e-?mail[\w.-]*|mail[\w.-]*|to|cc|bcc|reply_?to|username|user_?name|login)=)[^&#\s"']*/gi;
// Starts only where a local part starts (the look-behind), so a long run without an address is scanned once, not once per character.
const EMAIL_LIKE = /(?<![\w.!#$%'*+^`{|}~-])[\w.!#$%'*+^`{|}~-]+(?:@|%40)[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}/gi;

export function redactSecrets(text: string): string {
  return text
    .replace(TOKEN_PATH, '$1[redacted]')
    .replace(SECRET_QUERY, '$1[redacted]')
    .replace(EMAIL_QUERY, '$1[email]')
    .replace(EMAIL_LIKE, '[email]')
    .replace(TOKEN_LIKE, '[redacted]');
}

/** What every logger of the product is built with: key redaction, a `req` serializer with a redacted URL, redacted messages. */
export function pinoOptions(): PinoOptions {
  return {
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      req: (req: { method?: string; url?: string; id?: unknown }) => ({
        method: req.method,
        url: typeof req.url === 'string' ? redactSecrets(req.url) : req.url,
        id: req.id,
      }),
    },
    hooks: {
      logMethod(args, method) {
        method.apply(
          this,
          args.map((a) => (typeof a === 'string' ? redactSecrets(a) : a)) as Parameters<typeof method>,
        );
      },
    },
  };
}

/** pretty: readable lines for a person at a terminal; json: one object per line for collectors; auto: pretty on a TTY. */
export type LogFormat = 'auto' | 'pretty' | 'json';

export interface LoggerOptions {
  level?: LevelWithSilent;
  name?: string;
  format?: LogFormat;
  /** Where JSON lines go instead of stdout (tests that read the log back). */
  destination?: DestinationStream;
}

export function resolveLogFormat(
  format: LogFormat = 'auto',
  stdoutIsTTY = process.stdout.isTTY === true,
): 'pretty' | 'json' {
  if (format !== 'auto') return format;
  return stdoutIsTTY ? 'pretty' : 'json';
}

/**
 * Loaded only when used: services logging JSON do not pay for it at start. The
 * request line's own fields repeat what its message says, so a terminal is spared them.
 */
function prettyStream() {
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  return pretty({ sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,reqId,statusCode,responseTime' });
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const settings: PinoOptions = {
    ...pinoOptions(),
    level: options.level ?? 'info',
    ...(options.name ? { name: options.name } : {}),
  };
  if (options.destination) return pino(settings, options.destination);
  return resolveLogFormat(options.format) === 'pretty' ? pino(settings, prettyStream()) : pino(settings);
}

/** A caller-supplied request id is kept only when it is short and plain, so it cannot forge log lines. */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function genReqId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Requests that come in bulk and rarely matter one by one: a conversation
 * fetches dozens of video ranges and subtitles, and probes poll health.
 * Their successes are logged at debug; failures stay visible.
 */
const isRoutine = (url: string): boolean => url.startsWith('/files/') || url === '/healthz' || url === '/readyz';

/**
 * One line per request, when it completes ("GET /api/x 200 3 ms"), instead of
 * Fastify's two JSON objects (incoming + completed): a short session on a
 * terminal stays readable. The URL is the rewritten one, so a secret admin
 * prefix never reaches the log, with its tokens cut (redactSecrets).
 */
export class RequestLineLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // A response stream that broke: a client that went away is a warning, anything else an error (failure-log.ts).
    if (error) {
      logFailure(reply.log, error, request.raw, { status: reply.statusCode });
      return;
    }
    const statusCode = reply.statusCode;
    const responseTime = Math.round(reply.elapsedTime);
    const level = statusCode < 400 && isRoutine(request.url) ? 'debug' : 'info';
    // The line (and the URL's redaction) is built only when it will be written.
    const enabled = (reply.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
    if (enabled && !enabled.call(reply.log, level)) return;
    reply.log[level](
      { statusCode, responseTime },
      `${request.method} ${redactSecrets(request.url)} ${statusCode} ${responseTime} ms`,
    );
  }
}

/** Fastify constructor options wiring a pino logger, request ids (echoed by the http plugin) and one line per request. */
export function loggingOptions(logger: Logger) {
  return {
    loggerInstance: logger as FastifyBaseLogger,
    genReqId,
    requestIdHeader: false as const,
    logController: new RequestLineLogController(),
    childLoggerFactory: deferredChildLogger,
  };
}

export type { Logger };
