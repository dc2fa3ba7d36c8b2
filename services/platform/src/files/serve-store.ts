import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange, FileStore, StoredFile } from '../ports/files.ts';
import { parseRangeHeader } from './range.ts';
import { sendRangeNotSatisfiable } from './reply-error.ts';

/**
 * Serves a file of a remote store (S3) by streaming it through the port.
 *
 * Why not redirect to `publicUrl`: the catalog already hands browsers that URL,
 * so this route only sees S3 files when FILES_PUBLIC_BASE_URL points at the
 * gateway's own /files (a private bucket) — and there a redirect would loop.
 * Proxying is what that setup asks for. It needs only the minimal HTTP a
 * video player uses: one byte range, If-Range and If-None-Match on the
 * store's ETag.
 */
export async function streamFromStore(
  request: FastifyRequest,
  reply: FastifyReply,
  files: FileStore,
  file: StoredFile,
  cacheControl: string,
): Promise<FastifyReply> {
  reply.headers({
    'accept-ranges': 'bytes',
    etag: file.etag,
    'last-modified': file.modifiedAt.toUTCString(),
    'cache-control': cacheControl,
  });
  if (etagMatches(request.headers['if-none-match'], file.etag)) return reply.code(304).send();

  const ifRange = request.headers['if-range'];
  const wanted = parseRangeHeader(
    ifRange === undefined || ifRange === file.etag ? request.headers.range : undefined,
    file.size,
  );
  if (wanted.kind === 'unsatisfiable') return sendRangeNotSatisfiable(reply, file.size);
  const range: ByteRange | undefined = wanted.kind === 'partial' ? wanted.range : undefined;
  reply.type(file.contentType);
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
  reply.header('content-length', String(range ? range.end - range.start + 1 : file.size));
  if (request.method === 'HEAD') return reply.send();
  return reply.send(await files.read(file.key, range));
}

/** If-None-Match uses the weak comparison: W/ prefixes are ignored, `*` matches. */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string): string => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
