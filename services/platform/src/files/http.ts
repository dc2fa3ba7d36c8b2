import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAppError } from '../errors/index.ts';
import type { FileStore, StoredFile } from '../ports/files.ts';
import { createMediaSigning, type MediaCheck } from '../signing/media.ts';
import { localObjectsDir } from './local.ts';
import { sendError, sendNotFound } from './reply-error.ts';
import { sendFromDisk } from './serve-disk.ts';
import { streamFromStore } from './serve-store.ts';

export interface ServeFilesOptions {
  files: FileStore;
  /** URL prefix without a trailing slash, e.g. `/files`. */
  prefix: string;
  /** Sent with every file; default lets caches keep it but revalidate by ETag. */
  cacheControl?: string;
  /** Files only served with a valid signed URL (FileStore.signedUrl) and the user's media cookie; the mounting service decides which. */
  guard?: FilesGuard;
}

export interface FilesGuard {
  /** JWT_SECRET: the URL and cookie keys derive from it (signing/media.ts). */
  secret: string;
  /** Whether this key is served only signed (asked for requests without a valid signature). */
  requiresSignature(key: string): boolean | Promise<boolean>;
}

/** Signed files are one user's: no shared cache may keep them (it would skip the cookie check). */
const SIGNED_CACHE_CONTROL = 'private, max-age=0, must-revalidate';

const REFUSALS: Record<Exclude<MediaCheck, 'ok'>, { code: string; message: string }> = {
  unsigned: {
    code: 'SIGNATURE_REQUIRED',
    message: 'このファイルは購入したかたにだけ表示されます。キャラクターのページから開いてください。',
  },
  expired: {
    code: 'SIGNATURE_EXPIRED',
    message: 'このファイルのURLは有効期限が切れています。ページを開き直してください。',
  },
  forged: { code: 'SIGNATURE_INVALID', message: 'このファイルのURLは正しくありません。' },
  'other-user': {
    code: 'SIGNATURE_OTHER_USER',
    message: 'このファイルのURLは別のユーザーのものです。ログインし直してページを開き直してください。',
  },
};

const DEFAULT_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/**
 * Registers `GET|HEAD <prefix>/*`: whole files, single byte ranges (so videos
 * seek; Chrome starts with `Range: bytes=0-`), ETag revalidation, JSON errors.
 * Local files go out through @fastify/send, other stores through the port.
 */
export function serveFiles(fastify: FastifyInstance, options: ServeFilesOptions): void {
  const publicCacheControl = options.cacheControl ?? DEFAULT_CACHE_CONTROL;
  const guard = options.guard;
  const signing = guard ? createMediaSigning(guard.secret) : undefined;
  // Fastify has parsed the query already: the signature's parameters are read from it, not from the URL again (a repeated one is an array: check() refuses it).
  fastify.route<{ Params: { '*'?: string }; Querystring: Partial<Record<'exp' | 'u' | 'sig', unknown>> }>({
    method: ['GET', 'HEAD'],
    url: `${options.prefix.replace(/\/+$/, '')}/*`,
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const key = request.params['*'] ?? '';
      let cacheControl = publicCacheControl;
      try {
        if (guard && signing) {
          const check = signing.check(key, request.query, request.headers.cookie);
          if (check === 'ok') cacheControl = SIGNED_CACHE_CONTROL;
          else if (await guard.requiresSignature(key))
            return sendError(reply, 403, REFUSALS[check].code, REFUSALS[check].message);
        }
        // Stating through the port validates the key (no `..`, absolute or over-long keys) and gives the recorded content type.
        const file = await options.files.stat(key);
        if (!file) return sendNotFound(reply);
        return await sendStoredFile(request, reply, options.files, file, cacheControl);
      } catch (err) {
        if (isAppError(err) && err.code === 'NOT_FOUND') return sendNotFound(reply);
        if (isAppError(err) && err.code === 'VALIDATION_FAILED')
          return sendError(reply, 400, 'VALIDATION_FAILED', err.message);
        throw err;
      }
    },
  });
}

/**
 * Answers one stated file of the store as the files route does (ranges, ETag and
 * Last-Modified, 304 on revalidation): local files through @fastify/send, other
 * stores through the port. For routes that serve a file under another address.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  files: FileStore,
  file: StoredFile,
  cacheControl: string,
): Promise<FastifyReply> {
  const root = localObjectsDir(files);
  if (root !== undefined) return sendFromDisk(request, reply, root, file, cacheControl);
  return streamFromStore(request, reply, files, file, cacheControl);
}
