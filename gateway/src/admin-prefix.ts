import type { IncomingMessage } from 'node:http';

/**
 * Admin routes are registered under /api/admin/ by the services; the public
 * reaches them only at /api/<ADMIN_PATH_PREFIX>/ (a secret path). The direct
 * /api/admin/ path answers 404, as if it did not exist.
 */
export function adminUrlRewriter(prefix: string | undefined): ((req: IncomingMessage) => string) | undefined {
  if (!prefix) return undefined;
  const secret = `/api/${prefix}/`;
  return (req) => {
    const url = req.url ?? '/';
    if (url.startsWith(secret)) return `/api/admin/${url.slice(secret.length)}`;
    if (url === '/api/admin' || url.startsWith('/api/admin/') || url.startsWith('/api/admin?')) return `/api/__hidden${url.slice('/api/admin'.length)}`;
    return url;
  };
}
