import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggingOptions, pinoOptions, redactSecrets } from './index.ts';

const TOKEN = 'Q2xhdWRlUmVzZXRUb2tlbjEyMzQ1Njc4OTBhYmNkZWZn_x-Yz';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ ...pinoOptions(), level: 'debug' }, stream), lines };
}

describe('tokens in logs', () => {
  it.each([
    `/password_reset/${TOKEN}`,
    `/email_confirm/${TOKEN}`,
    `/api/auth/google/callback?code=${TOKEN}&state=abc`,
    `/somewhere?token=${TOKEN}`,
  ])('request log, GET %s, no token in any line', async (url) => {
    const { logger, lines } = capture();
    const app = Fastify(loggingOptions(logger));
    app.get('/*', async (request) => {
      request.log.info({ req: request.raw }, `handling ${request.url}`);
      return { ok: true };
    });

    await app.inject({ method: 'GET', url });
    await app.close();

    const out = lines.join('');
    expect(out).toContain('[redacted]');
    expect(out).not.toContain(TOKEN);
  });

  it('redactSecrets, slugs, UUIDs and plain words, left as they are', () => {
    const text =
      '/api/characters/by-slug/mirai-and-the-very-long-character-name-2 /api/admin/users/0b6c2a57-5a0b-4d0e-9a43-3f0f5f7a1c2e hello';
    expect(redactSecrets(text)).toBe(text);
  });

  it('redactSecrets, a random token anywhere in a message, cut', () => {
    expect(redactSecrets(`link was ${TOKEN}.`)).toBe('link was [redacted].');
  });
});

describe('e-mail addresses in logs', () => {
  it.each([
    ['/api/mail?to=victim@example.jp&x=1', '/api/mail?to=[email]&x=1'],
    ['/api/admin/users?email=tanaka', '/api/admin/users?email=[email]'],
    ['/api/admin/users?q=a.b%2Bc%40example.co.jp&page=2', '/api/admin/users?q=[email]&page=2'],
    ['/api/users/someone@mail.example.com/x', '/api/users/[email]/x'],
    ['/api/x?new_email=foo%40bar.jp', '/api/x?new_email=[email]'],
  ])('redactSecrets, %s, drops the address', (url, expected) => {
    expect(redactSecrets(url)).toBe(expected);
  });

  it('redactSecrets, paths and queries without an address, left as they are', () => {
    const text = '/api/characters/by-slug/mirai-2?top=1 /api/admin/contacts?q=hello&page=2';
    expect(redactSecrets(text)).toBe(text);
  });

  it('redactSecrets, a 100,000-character run without an address, takes a few milliseconds, not quadratic time', () => {
    const started = performance.now();
    redactSecrets(`/api/x?q=${'a'.repeat(100_000)}`);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('request log, GET /api/admin/users?email=<address>, no address in any line', async () => {
    const { logger, lines } = capture();
    const app = Fastify(loggingOptions(logger));
    app.get('/*', async () => ({ ok: true }));

    await app.inject({ method: 'GET', url: '/api/admin/users?email=hanako.yamada%40example.jp' });
    await app.inject({ method: 'GET', url: '/api/mail?to=hanako.yamada@example.jp' });
    await app.close();

    const out = lines.join('');
    expect(out).toContain('[email]');
    expect(out).not.toMatch(/hanako|yamada/);
  });
});
