import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loggingOptions } from '../logger/index.ts';
import { currentRequestId, httpPlugin, withRequestId } from './index.ts';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

async function build(): Promise<FastifyInstance> {
  app = Fastify(loggingOptions(pino({ level: 'silent' })));
  await app.register(httpPlugin);
  app.post('/seen', { schema: { body: Type.Object({ text: Type.String({ maxLength: 100 }) }) } }, async () => {
    await tick();
    return { seen: currentRequestId() ?? null };
  });
  app.get('/seen', async () => ({ seen: currentRequestId() ?? null }));
  await app.ready();
  return app;
}

describe('request context', () => {
  it('request context, POST with a body and an await in the handler, still knows the request id', async () => {
    await build();
    const res = await app.inject({
      method: 'POST',
      url: '/seen',
      payload: { text: 'こんにちは' },
      headers: { 'x-request-id': 'talk-42' },
    });
    expect(res.json()).toEqual({ seen: 'talk-42' });
  });

  it('request context, two requests at once, each sees its own id', async () => {
    await build();
    const [a, b] = await Promise.all(
      ['req-a', 'req-b'].map((id) =>
        app.inject({ method: 'POST', url: '/seen', payload: { text: 'x' }, headers: { 'x-request-id': id } }),
      ),
    );
    expect([a!.json().seen, b!.json().seen]).toEqual(['req-a', 'req-b']);
  });

  it('request context, no id given, uses the generated one echoed in x-request-id', async () => {
    await build();
    const res = await app.inject({ method: 'GET', url: '/seen' });
    expect(res.json().seen).toBe(res.headers['x-request-id']);
  });

  it('withRequestId, undefined inside a request, runs outside any request', () => {
    const seen = withRequestId('outer', () => withRequestId(undefined, () => currentRequestId()));
    expect(seen).toBeUndefined();
    expect(currentRequestId()).toBeUndefined();
  });
});
