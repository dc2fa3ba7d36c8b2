import { spawnSync } from 'node:child_process';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggingOptions, redactPaths, resolveLogFormat } from './index.ts';

const LOGGER_MODULE = new URL('./index.ts', import.meta.url).href;

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ redact: { paths: redactPaths, censor: '[redacted]' } }, stream), lines };
}

describe('logger', () => {
  it('logger, secrets at several depths, never reach the output', () => {
    const { logger, lines } = capture();
    logger.info(
      {
        password: 'p1',
        body: { newPassword: 'p2', currentPassword: 'p3', token: 't1' },
        req: { headers: { authorization: 'Bearer xyz', cookie: 'rt=abc' } },
        a: { b: { card: '4242' } },
      },
      'x',
    );
    const out = lines.join('');
    for (const secret of ['p1', 'p2', 'p3', 't1', 'Bearer xyz', 'rt=abc', '4242']) expect(out).not.toContain(secret);
    expect(out).toContain('[redacted]');
  });
});

describe('log format', () => {
  it('resolveLogFormat, auto, is pretty on a terminal and JSON on a pipe', () => {
    expect(resolveLogFormat('auto', true)).toBe('pretty');
    expect(resolveLogFormat('auto', false)).toBe('json');
  });

  it('resolveLogFormat, an explicit format, wins over the terminal check', () => {
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
  });

  it('createLogger, pretty format, writes a readable line instead of JSON', () => {
    const script = `import('${LOGGER_MODULE}').then((m) => m.createLogger({ format: 'pretty', name: 'probe' }).info({ reqId: 'r-1' }, 'hello there'))`;

    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });

    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO \(probe\): hello there\n$/);
  });
});

describe('request logging', () => {
  async function serve(logger: pino.Logger) {
    const app = Fastify(loggingOptions(logger));
    app.get('/api/ping', async () => ({ ok: true }));
    app.get('/files/*', async (request, reply) =>
      request.url.includes('missing') ? reply.code(404).send() : reply.code(206).send('part'),
    );
    await app.ready();
    return app;
  }

  it('request, answered, is logged as one info line with method, path, status and time', async () => {
    const { logger, lines } = capture();
    const app = await serve(logger);

    await app.inject({ method: 'GET', url: '/api/ping' });
    await app.close();

    const entries = lines.map(
      (l) => JSON.parse(l) as { level: number; msg: string; statusCode: number; reqId: string },
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.level).toBe(30);
    expect(entries[0]!.msg).toMatch(/^GET \/api\/ping 200 \d+ ms$/);
    expect(entries[0]!.statusCode).toBe(200);
    expect(entries[0]!.reqId).toBeTruthy();
  });

  it('media range request under /files, answered, is logged at debug only', async () => {
    const { logger, lines } = capture();
    logger.level = 'debug';
    const app = await serve(logger);

    await app.inject({ method: 'GET', url: '/files/clip.mp4', headers: { range: 'bytes=0-99' } });
    await app.close();

    expect(lines.map((l) => JSON.parse(l) as { level: number; msg: string })).toEqual([
      expect.objectContaining({ level: 20, msg: expect.stringMatching(/^GET \/files\/clip\.mp4 206 \d+ ms$/) }),
    ]);
  });

  it('missing file under /files, answered 404, stays at info', async () => {
    const { logger, lines } = capture();
    const app = await serve(logger);

    await app.inject({ method: 'GET', url: '/files/missing.mp4' });
    await app.close();

    expect(lines.map((l) => JSON.parse(l) as { level: number; msg: string })).toEqual([
      expect.objectContaining({ level: 30, msg: expect.stringMatching(/^GET \/files\/missing\.mp4 404 \d+ ms$/) }),
    ]);
  });
});
