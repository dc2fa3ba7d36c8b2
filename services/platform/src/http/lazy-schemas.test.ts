import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loggingOptions } from '../logger/index.ts';
import { httpPlugin, lazySchemaCompilers } from './index.ts';

let app: FastifyInstance | undefined;

async function build(): Promise<FastifyInstance> {
  app = Fastify({ ...loggingOptions(pino({ level: 'silent' })), ...lazySchemaCompilers });
  await app.register(httpPlugin);
  app.post(
    '/items',
    {
      schema: {
        headers: Type.Object({ 'idempotency-key': Type.String({ minLength: 8 }) }),
        querystring: Type.Object({ limit: Type.Integer({ minimum: 1, default: 10 }) }),
        body: Type.Object({ name: Type.String({ minLength: 1 }) }),
        response: { 200: Type.Object({ name: Type.String(), limit: Type.Integer() }) },
      },
    },
    async (request) => {
      const query = request.query as { limit: number };
      return { ...(request.body as object), limit: query.limit, secret: 'never listed' };
    },
  );
  // An uncompilable schema: Ajv refuses an unknown type.
  app.post('/broken', { schema: { body: { type: 'nonsense' } } }, async () => ({ ok: true }));
  await app.ready();
  return app;
}

afterEach(async () => {
  await app?.close();
  app = undefined;
});

const headers = { 'idempotency-key': 'key-12345678' };

describe('lazy schema compilers', () => {
  it('lazy compilers, a body failing its schema twice, answers 400 VALIDATION_FAILED both times', async () => {
    const server = await build();

    const first = await server.inject({ method: 'POST', url: '/items', headers, payload: { name: '' } });
    const second = await server.inject({ method: 'POST', url: '/items', headers, payload: {} });

    expect([first.statusCode, second.statusCode]).toEqual([400, 400]);
    expect([first.json().code, second.json().code]).toEqual(['VALIDATION_FAILED', 'VALIDATION_FAILED']);
  });

  it('lazy compilers, a valid request, get Fastify defaults: coerced query, defaults, unknown fields dropped both ways', async () => {
    const server = await build();

    const coerced = await server.inject({
      method: 'POST',
      url: '/items?limit=3',
      headers,
      payload: { name: 'みかん', extra: true },
    });
    const defaulted = await server.inject({ method: 'POST', url: '/items', headers, payload: { name: 'りんご' } });

    expect(coerced.json()).toEqual({ name: 'みかん', limit: 3 });
    expect(defaulted.json()).toEqual({ name: 'りんご', limit: 10 });
  });

  it('lazy compilers, a lower-case header schema, refuses a request without the header', async () => {
    const server = await build();

    const res = await server.inject({ method: 'POST', url: '/items', payload: { name: 'x' } });

    expect(res.statusCode).toBe(400);
  });

  it('lazy compilers, an uncompilable schema, does not stop ready() and fails its own route only', async () => {
    const server = await build();

    const broken = await server.inject({ method: 'POST', url: '/broken', payload: {} });
    const fine = await server.inject({ method: 'POST', url: '/items', headers, payload: { name: 'ok' } });

    expect(broken.statusCode).toBe(500);
    expect(fine.statusCode).toBe(200);
  });
});
