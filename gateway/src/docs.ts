import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/** OpenAPI of every route registered after this plugin, served at /api/docs (JSON at /api/docs/json). */
async function docs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'TALK WITH API',
        version: '0.1.0',
        description: 'Admin routes are shown under /api/admin/ and are reached at /api/<ADMIN_PATH_PREFIX>/ (the prefix is secret configuration).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

export const docsPlugin = fp(docs, { name: 'talkwith-docs' });
