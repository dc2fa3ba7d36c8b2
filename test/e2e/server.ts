import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import type { FastifyInstance } from 'fastify';

export const WEB_DIR = join(import.meta.dirname, '..', '..', 'web');
const DIST = join(WEB_DIR, 'dist');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** Builds web/dist with the web workspace's own Vite (the root one is older and serves vitest). */
export function buildWeb(): void {
  execFileSync(
    process.execPath,
    [join(WEB_DIR, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: WEB_DIR, stdio: 'inherit' },
  );
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * One origin like the standalone gateway: /api/* goes to the given Fastify app
 * (by inject, so no second port), everything else is web/dist with the SPA fallback.
 */
export async function startWebServer(
  api: FastifyInstance,
  webConfig: Record<string, string> = {},
): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      // GET /api/config belongs to the gateway (not written yet); this stands in for it with the same contract.
      if (path === '/api/config') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(webConfig));
        return;
      }
      if (path.startsWith('/api/')) {
        const body = await readBody(req);
        const reply = await api.inject({
          method: req.method as 'GET',
          url: req.url ?? '/',
          headers: req.headers as Record<string, string>,
          ...(body.length > 0 ? { payload: body } : {}),
        });
        res.writeHead(reply.statusCode, reply.headers as Record<string, string | string[]>);
        res.end(reply.rawPayload);
        return;
      }
      const file = normalize(join(DIST, path));
      const target =
        file.startsWith(DIST) && existsSync(file) && statSync(file).isFile() ? file : join(DIST, 'index.html');
      res.writeHead(200, { 'content-type': TYPES[extname(target)] ?? 'application/octet-stream' });
      res.end(readFileSync(target));
    })().catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}`, server };
}
