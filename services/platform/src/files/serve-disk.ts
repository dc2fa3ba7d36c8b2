import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoredFile } from '../ports/files.ts';
import { urlPathOf } from './keys.ts';
import { sendError, sendNotFound, sendRangeNotSatisfiable } from './reply-error.ts';

/**
 * The key was validated and stated through the port before this runs, so
 * send's own path checks are a second line: dotfiles are ordinary keys here,
 * and a folder is never answered with an index page. Content type and
 * Cache-Control come from us (the type recorded at upload, not a guess from
 * the extension); Range, ETag, Last-Modified, If-None-Match, If-Range,
 * If-Match and 416 come from send.
 */
const SEND_OPTIONS = { dotfiles: 'allow', index: false, contentType: false, cacheControl: false } as const;

/** Serves a file of the local store straight from disk with @fastify/send. */
export async function sendFromDisk(
  request: FastifyRequest,
  reply: FastifyReply,
  root: string,
  file: StoredFile,
  cacheControl: string,
): Promise<FastifyReply> {
  clampOversizedSuffixRange(request, file.size);
  const result = await send(request.raw, urlPathOf(file.key), { ...SEND_OPTIONS, root });
  if (result.type === 'error') {
    result.stream.destroy();
    return sendSendError(reply, result.statusCode, file, result.metadata.error);
  }
  reply.code(result.statusCode).headers(result.headers).header('cache-control', cacheControl);
  if (result.statusCode !== 304) reply.type(file.contentType);
  if (result.statusCode === 304 || request.method === 'HEAD') {
    result.stream.destroy();
    return reply.send();
  }
  return reply.send(result.stream);
}

/**
 * `bytes=-n` with n past the size means the whole file (RFC 9110 §14.1.2),
 * but @fastify/send 4 answers 416 to it; the equivalent `bytes=0-` is what it
 * understands. send reads only the request's method and headers.
 */
function clampOversizedSuffixRange(request: FastifyRequest, size: number): void {
  const suffix = /^bytes=-(\d+)$/.exec(request.headers.range?.trim() ?? '');
  if (suffix && size > 0 && Number(suffix[1]) > size) request.raw.headers.range = 'bytes=0-';
}

/** Turns send's HTML error pages into our JSON errors. */
function sendSendError(reply: FastifyReply, status: number, file: StoredFile, error: Error): FastifyReply {
  switch (status) {
    case 404: // removed between our stat and send's
      return sendNotFound(reply);
    case 412:
      return sendError(reply, 412, 'PRECONDITION_FAILED', 'ファイルは指定の版から変わっています');
    case 416:
      return sendRangeNotSatisfiable(reply, file.size);
    default:
      throw error;
  }
}
