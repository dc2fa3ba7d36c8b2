import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';

const ClientConfig = Type.Object({
  adminPath: Type.Optional(Type.String({ description: 'secret first path segment of the admin console (admins only)' })),
  adminApiBase: Type.Optional(Type.String({ description: 'base of the admin API (admins only)' })),
});

/**
 * GET /api/config: run-time settings for the web client (web/README.md). The
 * secret admin prefix is told only to a caller whose token, verified at the
 * edge, carries the admin role.
 */
export async function clientConfigRoutes(app: FastifyInstance, options: { adminPathPrefix: string | undefined }): Promise<void> {
  app.get('/api/config', { schema: { tags: ['web'], summary: 'Run-time settings for the web client', response: { 200: ClientConfig } } }, async (request) => {
    const roles = (request.user as { roles?: unknown } | undefined)?.roles;
    const isAdmin = Array.isArray(roles) && roles.includes('admin');
    const prefix = options.adminPathPrefix;
    if (!isAdmin || !prefix) return {};
    return { adminPath: prefix, adminApiBase: `/api/${prefix}` };
  });
}
