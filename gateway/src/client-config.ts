import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ClientConfig } from '@talkwith/proto/gateway';

/**
 * GET /api/config: run-time settings for the web client (web/README.md). The
 * secret admin prefix is told only to a caller whose token, verified at the
 * edge, carries the admin role.
 */
export interface ClientConfigOptions {
  adminPathPrefix: string | undefined;
  analyticsId?: string | undefined;
  devtoolsBlockHost?: string | undefined;
  /** Google sign-in is configured: the client shows its button only then. */
  googleSignIn?: boolean;
}

export async function clientConfigRoutes(app: FastifyInstance, options: ClientConfigOptions): Promise<void> {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(
      '/api/config',
      { schema: { tags: ['web'], summary: 'Run-time settings for the web client', response: { 200: ClientConfig } } },
      async (request) => {
        const roles = (request.user as { roles?: unknown } | undefined)?.roles;
        const isAdmin = Array.isArray(roles) && roles.includes('admin');
        const prefix = options.adminPathPrefix;
        const everyone = {
          ...(options.analyticsId ? { analyticsId: options.analyticsId } : {}),
          ...(options.devtoolsBlockHost ? { devtoolsBlockHost: options.devtoolsBlockHost } : {}),
          ...(options.googleSignIn ? { googleSignIn: true } : {}),
        };
        if (!isAdmin || !prefix) return everyone;
        return { ...everyone, adminPath: prefix, adminApiBase: `/api/${prefix}` };
      },
    );
}
