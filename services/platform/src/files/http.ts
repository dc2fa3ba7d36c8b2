import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAppError } from '../errors/index.ts';
import type { FileStore, StoredFile } from '../ports/files.ts';
import { parseRangeHeader } from './range.ts';

export interface ServeFilesOptions {
  files: FileStore;
  /** URL prefix without a trailing slash, e.g. `/files`. */
  prefix: string;
  /** Sent with every file; default lets caches keep it but revalidate by ETag. */
  cacheControl?: string;
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 404: 'Not Found', 416: 'Range Not Satisfiable' };

/**
 * Registers `GET|HEAD <prefix>/*`: whole files, single byte ranges (so videos
 * seek; Chrome starts with `Range: bytes=0-`), ETag revalidation, JSON errors.
 */
export function serveFiles(fastify: FastifyInstance, options: ServeFilesOptions): void {
  fastify.route({
    method: ['GET', 'HEAD'],
    url: `${options.prefix.replace(/\/+$/, '')}/*`,
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const key = (request.params as Record<string, string>)['*'] ?? '';
      try {
        const file = await options.files.stat(key);
        if (!file) return sendError(reply, 404, 'NOT_FOUND', 'ファイルが見つかりません');
        return await sendFile(request, reply, options, file);
      } catch (err) {
        if (isAppError(err) && err.code === 'NOT_FOUND') return sendError(reply, 404, 'NOT_FOUND', 'ファイルが見つかりません');
        if (isAppError(err) && err.code === 'VALIDATION_FAILED') return sendError(reply, 400, 'VALIDATION_FAILED', err.message);
        throw err;
      }
    },
  });
}

async function sendFile(request: FastifyRequest, reply: FastifyReply, options: ServeFilesOptions, file: StoredFile): Promise<FastifyReply> {
  reply.header('accept-ranges', 'bytes');
  reply.header('etag', file.etag);
  reply.header('last-modified', file.modifiedAt.toUTCString());
  reply.header('cache-control', options.cacheControl ?? 'public, max-age=0, must-revalidate');
  if (etagMatches(request.headers['if-none-match'], file.etag)) return reply.code(304).send();

  const ifRange = request.headers['if-range'];
  const rangeHeader = ifRange === undefined || ifRange === file.etag ? request.headers.range : undefined;
  const wanted = parseRangeHeader(rangeHeader, file.size);
  if (wanted.kind === 'unsatisfiable') {
    reply.header('content-range', `bytes */${file.size}`);
    return sendError(reply, 416, 'RANGE_NOT_SATISFIABLE', `要求された範囲はファイル (${file.size} バイト) の外です`);
  }
  reply.header('content-type', file.contentType);
  if (wanted.kind === 'partial') {
    const { start, end } = wanted.range;
    reply.code(206).header('content-range', `bytes ${start}-${end}/${file.size}`).header('content-length', String(end - start + 1));
  } else {
    reply.code(200).header('content-length', String(file.size));
  }
  if (request.method === 'HEAD') return reply.send();
  const body = await options.files.read(file.key, wanted.kind === 'partial' ? wanted.range : undefined);
  return reply.send(body);
}

/** If-None-Match uses the weak comparison: W/ prefixes are ignored, `*` matches. */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string): string => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

function sendError(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  reply.removeHeader('content-type');
  return reply.code(status).type('application/json; charset=utf-8').send({ ok: false, message, error: STATUS_TEXT[status] ?? 'Error', code });
}
