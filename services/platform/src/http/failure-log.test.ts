import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors/index.ts';
import { loggingOptions, pinoOptions } from '../logger/index.ts';
import { eventually } from '../testing/eventually.ts';
import { failureKind } from './failure-log.ts';
import { httpPlugin } from './index.ts';

interface Line {
  level: number;
  msg: string;
  err?: { stack?: string };
  kind?: string;
  [key: string]: unknown;
}
let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

/** A server of the shared conventions whose log lines the test reads. */
async function build(): Promise<Line[]> {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)) as Line);
      done();
    },
  });
  app = Fastify(loggingOptions(pino({ ...pinoOptions(), level: 'info' }, stream)));
  await app.register(httpPlugin);
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
  app.get('/shed', async () => {
    throw new AppError('UNAVAILABLE', '混み合っています。', { expose: true, headers: { 'retry-after': '1' } });
  });
  app.get('/fault', async () => {
    throw new Error('the disk is on fire');
  });
  app.get('/down', async () => {
    throw new AppError('UNAVAILABLE', 'the store is closed');
  });
  // An upload as the media routes read one: the body streamed to the end.
  app.post('/upload', async (request) => {
    let bytes = 0;
    for await (const chunk of request.body as AsyncIterable<Buffer>) bytes += chunk.length;
    return { bytes };
  });
  await app.ready();
  return lines;
}

const failures = (lines: Line[]) => lines.filter((line) => line.level >= 40);

describe('failure log levels', () => {
  it('error handler, a request shed with 503 and Retry-After, logs one warning without a stack', async () => {
    const lines = await build();
    const res = await app.inject({ method: 'GET', url: '/shed' });
    expect(res.statusCode).toBe(503);
    expect(failures(lines)).toMatchObject([{ level: 40, kind: 'overload', status: 503, code: 'UNAVAILABLE' }]);
    expect(JSON.stringify(lines)).not.toContain('"stack"');
  });

  it('error handler, a real fault or a 503 without Retry-After, still logs an error with its stack', async () => {
    const lines = await build();
    await app.inject({ method: 'GET', url: '/fault' });
    await app.inject({ method: 'GET', url: '/down' });
    expect(failures(lines).map((line) => line.level)).toEqual([50, 50]);
    for (const line of failures(lines)) expect(line.err?.stack).toContain('failure-log.test.ts');
  });

  it('error handler, an upload the client aborts midway, logs one warning without a stack', async () => {
    const lines = await build();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 1000000\r\n\r\n',
    );
    socket.write(Buffer.alloc(10_000, 1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();

    const [warning] = await eventually(async () => failures(lines).length > 0 && failures(lines));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(failures(lines)).toHaveLength(1);
    expect(warning).toMatchObject({ level: 40, kind: 'client_closed' });
    expect(JSON.stringify(lines)).not.toContain('"stack"');
  });
});

describe('failure kinds', () => {
  it('failureKind, an ECONNRESET from an upstream while the client is still connected, is a fault', () => {
    const upstream = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    const connected = { aborted: false, readableAborted: false, socket: { destroyed: false } } as never;
    expect(failureKind(upstream, connected)).toBe('fault');
  });
});
