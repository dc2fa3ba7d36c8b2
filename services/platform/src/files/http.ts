import type { FastifyInstance } from 'fastify';
import { isAppError } from '../errors/index.ts';
import type { FileStore } from '../ports/files.ts';
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
}

const DEFAULT_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/**
 * Registers `GET|HEAD <prefix>/*`: whole files, single byte ranges (so videos
 * seek; Chrome starts with `Range: bytes=0-`), ETag revalidation, JSON errors.
 * Local files go out through @fastify/send, other stores through the port.
 */
export function serveFiles(fastify: FastifyInstance, options: ServeFilesOptions): void {
  const cacheControl = options.cacheControl ?? DEFAULT_CACHE_CONTROL;
  const root = localObjectsDir(options.files);
  fastify.route({
    method: ['GET', 'HEAD'],
    url: `${options.prefix.replace(/\/+$/, '')}/*`,
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const key = (request.params as Record<string, string>)['*'] ?? '';
      try {
        // Stating through the port validates the key (no `..`, absolute or over-long keys) and gives the recorded content type.
        const file = await options.files.stat(key);
        if (!file) return sendNotFound(reply);
        if (root !== undefined) return await sendFromDisk(request, reply, root, file, cacheControl);
        return await streamFromStore(request, reply, options.files, file, cacheControl);
      } catch (err) {
        if (isAppError(err) && err.code === 'NOT_FOUND') return sendNotFound(reply);
        if (isAppError(err) && err.code === 'VALIDATION_FAILED') return sendError(reply, 400, 'VALIDATION_FAILED', err.message);
        throw err;
      }
    },
  });
}
