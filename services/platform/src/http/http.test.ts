import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors/index.ts';
import { loggingOptions } from '../logger/index.ts';
import { httpPlugin } from './index.ts';

let app: FastifyInstance;

async function build(bodyLimit = 1024): Promise<FastifyInstance> {
  app = Fastify({ ...loggingOptions(pino({ level: 'silent' })), bodyLimit });
  await app.register(httpPlugin);
  app.post(
    '/echo',
    {
      schema: {
        body: Type.Object({
          name: Type.String({ minLength: 1 }),
          profile: Type.Optional(Type.Object({ age: Type.Integer() })),
        }),
      },
    },
    async (req) => req.body,
  );
  app.get('/boom', async () => {
    throw new Error('connection to mongodb://admin:hunter2@db failed');
  });
  app.get('/conflict', async () => {
    throw new AppError('CONFLICT', 'すでに登録されています', { field: 'email' });
  });
  app.get('/hidden-500', async () => {
    throw new AppError('INTERNAL', 'disk /var/lib/x is full');
  });
  await app.ready();
  return app;
}

afterEach(async () => {
  await app?.close();
});

describe('http plugin', () => {
  it('http plugin, malformed JSON body, answers 400 MALFORMED_JSON in the error shape', async () => {
    await build();
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'MALFORMED_JSON', error: 'Bad Request' });
    expect(typeof res.json().message).toBe('string');
  });

  it('http plugin, unknown route, answers 404 NOT_FOUND as JSON', async () => {
    await build();
    const res = await app.inject({ method: 'GET', url: '/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ ok: false, code: 'NOT_FOUND', error: 'Not Found' });
  });

  it('http plugin, body over the limit, answers 413 PAYLOAD_TOO_LARGE', async () => {
    await build(100);
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(500) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('http plugin, missing required field, answers 400 VALIDATION_FAILED naming the field', async () => {
    await build();
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { other: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', field: 'name' });
    expect(res.json().message).toContain('name');
  });

  it('http plugin, nested field of the wrong type, names the dotted path', async () => {
    await build();
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { name: 'a', profile: { age: 'old' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'profile.age' });
  });

  it('http plugin, unexpected exception, answers 500 without leaking its message or stack', async () => {
    await build();
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({
      ok: false,
      code: 'INTERNAL',
      message: 'サーバーエラーが発生しました。しばらくしてから再度お試しください。',
    });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('at ');
  });

  it('http plugin, AppError with a 5xx code, hides its message too', async () => {
    await build();
    const res = await app.inject({ method: 'GET', url: '/hidden-500' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('/var/lib');
  });

  it('http plugin, AppError, keeps its status, code, message and field', async () => {
    await build();
    const res = await app.inject({ method: 'GET', url: '/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      ok: false,
      code: 'CONFLICT',
      error: 'Conflict',
      message: 'すでに登録されています',
      field: 'email',
    });
  });

  it('http plugin, valid incoming x-request-id, is kept and echoed', async () => {
    await build();
    const res = await app.inject({ method: 'GET', url: '/conflict', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  it('http plugin, forged x-request-id, is replaced by a fresh uuid', async () => {
    await build();
    const res = await app.inject({
      method: 'GET',
      url: '/conflict',
      headers: { 'x-request-id': 'evil\nline injected' },
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
