import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { redactPaths } from './index.ts';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
  return { logger: pino({ redact: { paths: redactPaths, censor: '[redacted]' } }, stream), lines };
}

describe('logger', () => {
  it('logger, secrets at several depths, never reach the output', () => {
    const { logger, lines } = capture();
    logger.info({ password: 'p1', body: { newPassword: 'p2', currentPassword: 'p3', token: 't1' }, req: { headers: { authorization: 'Bearer xyz', cookie: 'rt=abc' } }, a: { b: { card: '4242' } } }, 'x');
    const out = lines.join('');
    for (const secret of ['p1', 'p2', 'p3', 't1', 'Bearer xyz', 'rt=abc', '4242']) expect(out).not.toContain(secret);
    expect(out).toContain('[redacted]');
  });
});
