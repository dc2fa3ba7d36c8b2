import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/** OpenAPI of every route registered after this plugin, served at /api/docs (JSON at /api/docs/json). */
export interface DocsOptions {
  /** Adds documents the gateway does not hold itself (distributed mode: the services'). */
  merge?: (own: Record<string, unknown>) => Record<string, unknown>;
}

async function docs(app: FastifyInstance, options: DocsOptions): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'TALK WITH API',
        version: '0.1.0',
        description: [
          'Admin routes are shown under /api/admin/ and are reached at /api/<ADMIN_PATH_PREFIX>/ (the prefix is secret configuration).',
          'Real-time socket: WebSocket at /api/socketio/new (Origin must be the public origin); JSON frames {event, data}: auth {token} (the access token; the socket acts as its user), joinRoom {id} and log {type, extra?, character_id?, message?} (type: a SPEC.md §4 category; before auth only error and connect);',
          'the server answers joined, logged {id} or error {code, message} (schemas in proto/src/socket).',
        ].join(' '),
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  const merge = options.merge;
  // staticCSP: the UI's pages get the plugin's own policy (its scripts and styles) instead of the JSON one (security-headers.ts).
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    ...(merge ? { transformSpecification: (spec: Readonly<Record<string, unknown>>) => merge(spec) } : {}),
  });
}

export const docsPlugin = fp(docs, { name: 'talkwith-docs' });
