import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggingOptions, pinoOptions, redactSecrets } from './index.ts';

const TOKEN = 'Q2xhdWRlUmVzZXRUb2tlbjEyMzQ1Njc4OTBhYmNkZWZn_x-Yz';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
  return { logger: pino({ ...pinoOptions(), level: 'debug' }, stream), lines };
}

describe('tokens in logs', () => {
  it.each([`/password_reset/${TOKEN}`, `/email_confirm/${TOKEN}`, `/api/auth/google/callback?code=${TOKEN}&state=abc`, `/somewhere?token=${TOKEN}`])(
    'request log, GET %s, no token in any line', async (url) => {
      const { logger, lines } = capture();
      const app = Fastify(loggingOptions(logger));
      app.get('/*', async (request) => { request.log.info({ req: request.raw }, `handling ${request.url}`); return { ok: true }; });

      await app.inject({ method: 'GET', url });
      await app.close();

      const out = lines.join('');
      expect(out).toContain('[redacted]');
      expect(out).not.toContain(TOKEN);
    },
  );

  it('redactSecrets, slugs, UUIDs and plain words, left as they are', () => {
    const text = '/api/characters/by-slug/mirai-and-the-very-long-character-name-2 /api/admin/users/0b6c2a57-5a0b-4d0e-9a43-3f0f5f7a1c2e hello';
    expect(redactSecrets(text)).toBe(text);
  });

  it('redactSecrets, a random token anywhere in a message, cut', () => {
    expect(redactSecrets(`link was ${TOKEN}.`)).toBe('link was [redacted].');
  });
});
