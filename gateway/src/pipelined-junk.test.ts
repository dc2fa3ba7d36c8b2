import { Writable } from 'node:stream';
import { connect } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { closePlatform, createPlatform, loadPlatformConfig } from '@talkwith/platform/platform';
import { buildGateway, rateLimitKey } from './app.ts';

function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.on('close', () => resolve(received));
    socket.on('error', () => resolve(received));
  });
}

describe('pipelined junk', () => {
  it('gateway, GET /healthz followed by junk on one raw TCP connection, logs no error and no stack trace', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gateway-junk-'));
    const env = {
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'test-secret-0123456789-0123456789-abcdef',
      HOST: '127.0.0.1',
    };
    const config = loadPlatformConfig(env);
    const platform = await createPlatform(config);
    const lines: string[] = [];
    const logger = pino(
      { level: 'warn' },
      new Writable({
        write(chunk: Buffer, _enc, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    const app = await buildGateway({ config, env, platform: { ...platform, logger }, webDist: join(dir, 'none') });
    try {
      const port = Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port);
      for (const junk of [
        '\x00\x01junk\r\n\r\n',
        'GARBAGE / HTTP/1.1\r\n\r\n',
        'GET /api/characters HTTP/1.1\r\nHost: x\r\n\r\n\x16\x03',
      ]) {
        await rawExchange(port, `GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n${junk}`);
      }
      await new Promise((r) => setTimeout(r, 200));
      expect(lines.join('')).not.toMatch(/"level":50|stack|TypeError/u);
    } finally {
      await app.close();
      await closePlatform(platform);
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('rateLimitKey, a request whose connection is gone, falls back instead of throwing', () => {
    expect(rateLimitKey({ ip: undefined, raw: { socket: null } })).toBe('gone');
    expect(rateLimitKey({ ip: '203.0.113.9', raw: {} })).toBe('203.0.113.9');
  });
});
