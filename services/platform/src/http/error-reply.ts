import type { FastifyError } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { ErrorBody } from '@talkwith/proto';
import { isAppError } from '../errors/index.ts';

export const messages = {
  internal: 'サーバーエラーが発生しました。しばらくしてから再度お試しください。',
  malformedJson: 'リクエストの形式が正しくありません（JSON を解析できません）。',
  tooLarge: 'リクエストが大きすぎます。',
  notFound: 'お探しのページは見つかりませんでした。',
  badRequest: 'リクエストの形式が正しくありません。',
  uriTooLong: 'リクエストの URL が長すぎます。',
  validation: (field: string) => `入力内容に誤りがあります: ${field}`,
  rateLimited: 'リクエストが多すぎます。しばらく待ってから再度お試しください。',
  unauthenticated: 'ログインが必要です。',
  forbidden: 'この操作を行う権限がありません。',
  passwordChangeRequired:
    '初期パスワードのままでは管理機能を使えません。パスワードを変更してから、もう一度ログインしてください。',
  unsupportedMedia: 'このリクエストの Content-Type には対応していません。',
  unavailable: 'ただいまこの機能をご利用いただけません。しばらくしてから再度お試しください。',
};

export interface ErrorReply {
  status: number;
  body: ErrorBody & Record<string, unknown>;
}

function reply(status: number, code: string, message: string, extra: Record<string, unknown> = {}): ErrorReply {
  return { status, body: { ok: false, message, error: STATUS_CODES[status] ?? 'Error', code, ...extra } };
}

/** The offending field of an AJV validation error: the property path, or the missing property. */
export function validationField(err: FastifyError): string {
  const first = err.validation?.[0];
  const missing = (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
  const path = (first?.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const field = [path, missing].filter(Boolean).join('.');
  return field || err.validationContext || 'body';
}

const byStatus: Record<number, [string, string]> = {
  401: ['UNAUTHENTICATED', messages.unauthenticated],
  403: ['FORBIDDEN', messages.forbidden],
  404: ['NOT_FOUND', messages.notFound],
  413: ['PAYLOAD_TOO_LARGE', messages.tooLarge],
  415: ['UNSUPPORTED_MEDIA_TYPE', messages.unsupportedMedia],
  429: ['RATE_LIMITED', messages.rateLimited],
};

/** Maps any thrown error to the JSON error shape of DESIGN.md §4; 5xx bodies never carry internals. */
export function toErrorReply(err: FastifyError | Error): ErrorReply {
  if (isAppError(err)) {
    if (err.status >= 500 && !err.expose) return reply(err.status, err.code, messages.internal);
    return reply(err.status, err.code, err.message, { ...(err.field ? { field: err.field } : {}), ...err.body });
  }
  const fe = err as FastifyError;
  if (fe.validation) {
    const field = validationField(fe);
    return reply(400, 'VALIDATION_FAILED', messages.validation(field), { field });
  }
  if (
    fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    (err instanceof SyntaxError && fe.statusCode === 400)
  ) {
    return reply(400, 'MALFORMED_JSON', messages.malformedJson);
  }
  const status = fe.statusCode ?? 500;
  const known = byStatus[status];
  if (known)
    return reply(
      status,
      known[0],
      known[0] === 'RATE_LIMITED' ? messages.rateLimited : known[1],
      status === 429 ? { rateLimited: true } : {},
    );
  if (fe.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply(414, 'URI_TOO_LONG', messages.uriTooLong);
  // Fastify's own messages quote the input (the URL, a header): never echoed.
  if (status >= 400 && status < 500) return reply(status, 'BAD_REQUEST', messages.badRequest);
  return reply(
    status >= 500 && status < 600 ? status : 500,
    status === 503 ? 'UNAVAILABLE' : 'INTERNAL',
    messages.internal,
  );
}
