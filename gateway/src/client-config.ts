import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';

const ClientConfig = Type.Object({
  analyticsId: Type.Optional(Type.String({ description: 'analytics measurement id; the client loads the script only when present' })),
  devtoolsBlockHost: Type.Optional(Type.String({ description: 'the host on which developer-tools shortcuts and the context menu are blocked' })),
  adminPath: Type.Optional(Type.String({ description: 'secret first path segment of the admin console (admins only)' })),
  adminApiBase: Type.Optional(Type.String({ description: 'base of the admin API (admins only)' })),
});

/**
 * GET /api/config: run-time settings for the web client (web/README.md). The
 * secret admin prefix is told only to a caller whose token, verified at the
 * edge, carries the admin role.
 */
export interface ClientConfigOptions {
  adminPathPrefix: string | undefined;
  analyticsId?: string | undefined;
  devtoolsBlockHost?: string | undefined;
}

export async function clientConfigRoutes(app: FastifyInstance, options: ClientConfigOptions): Promise<void> {
  app.get('/api/config', { schema: { tags: ['web'], summary: 'Run-time settings for the web client', response: { 200: ClientConfig } } }, async (request) => {
    const roles = (request.user as { roles?: unknown } | undefined)?.roles;
    const isAdmin = Array.isArray(roles) && roles.includes('admin');
    const prefix = options.adminPathPrefix;
    const everyone = {
      ...(options.analyticsId ? { analyticsId: options.analyticsId } : {}),
      ...(options.devtoolsBlockHost ? { devtoolsBlockHost: options.devtoolsBlockHost } : {}),
    };
    if (!isAdmin || !prefix) return everyone;
    return { ...everyone, adminPath: prefix, adminApiBase: `/api/${prefix}` };
  });
}
