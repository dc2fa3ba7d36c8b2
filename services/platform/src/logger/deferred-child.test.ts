import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { deferredChildLogger } from './deferred-child.ts';
import { loggingOptions, pinoOptions } from './index.ts';

function capture(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ ...pinoOptions(), level }, stream), lines };
}

describe('deferredChildLogger', () => {
  it('deferred child, only lines below the level, never builds a pino child', () => {
    const { logger, lines } = capture('warn');
    const childOf = vi.spyOn(logger, 'child');

    const log = deferredChildLogger(logger, { reqId: 'r-1' }, {});
    log.info('not written');
    log.debug({ a: 1 }, 'not written either');

    expect(childOf).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it("deferred child, lines at the level, are the child's with its bindings, built once", () => {
    const { logger, lines } = capture('warn');
    const childOf = vi.spyOn(logger, 'child');

    const log = deferredChildLogger(logger, { reqId: 'r-2' }, {});
    log.warn({ password: 'p-secret' }, 'first');
    log.error('second %s', 'line');

    expect(childOf).toHaveBeenCalledTimes(1);
    expect(lines).toMatchObject([
      { reqId: 'r-2', msg: 'first', password: '[redacted]' },
      { reqId: 'r-2', msg: 'second line' },
    ]);
  });

  it('deferred child, a route quieter than the server, drops its info lines without building a child', () => {
    const { logger, lines } = capture('info');
    const childOf = vi.spyOn(logger, 'child');

    const log = deferredChildLogger(logger, { reqId: 'r-3' }, { level: 'warn' });
    log.info('health probe');

    expect(log.level).toBe('warn');
    expect(childOf).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it('deferred child, a route louder than the server, writes its debug lines at the route level', () => {
    const { logger, lines } = capture('warn');

    const log = deferredChildLogger(logger, { reqId: 'r-4' }, { level: 'debug' });
    log.debug('route-level debug');
    log.trace('below the route level');

    expect(log.level).toBe('debug');
    expect(lines).toMatchObject([{ reqId: 'r-4', msg: 'route-level debug' }]);
  });

  it('deferred child, other child options, gets a pino child at once', () => {
    const { logger } = capture('warn');
    const childOf = vi.spyOn(logger, 'child');

    deferredChildLogger(logger, { reqId: 'r-5' }, { msgPrefix: '[x] ' });

    expect(childOf).toHaveBeenCalledTimes(1);
  });

  it('request.log through Fastify, a warning in a handler, carries the request id', async () => {
    const { logger, lines } = capture('warn');
    const app = Fastify(loggingOptions(logger));
    app.get('/warn', async (request) => {
      request.log.info('quiet');
      request.log.warn('loud');
      return { ok: true };
    });

    const res = await app.inject({ method: 'GET', url: '/warn', headers: { 'x-request-id': 'req-abc' } });
    await app.close();

    expect(res.statusCode).toBe(200);
    expect(lines).toMatchObject([{ reqId: 'req-abc', msg: 'loud' }]);
  });
});
