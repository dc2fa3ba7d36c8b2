import { describe, expect, it } from 'vitest';
import { createSmtpMailer } from './smtp.ts';
import { runMailContract } from './contract.ts';
import { parseSimpleMessage, startTestSmtpServer } from './smtp-test-server.ts';

const FROM = 'no-reply@talkwith.test';

runMailContract('smtp against a local server', async () => {
  const server = await startTestSmtpServer();
  const mailer = await createSmtpMailer({ url: server.url, from: FROM });
  return {
    mailer,
    async cleanup() {
      await mailer.close();
      await server.stop();
    },
  };
});

describe('createSmtpMailer', () => {
  it('send, Japanese subject and body, arrive intact at the SMTP server', async () => {
    const server = await startTestSmtpServer();
    const mailer = await createSmtpMailer({ url: server.url, from: FROM });
    const subject = '【TALK WITH】パスワード再設定のご案内 — 24時間有効';
    const text =
      'こんにちは、ユキさん。\n以下のリンクからパスワードを再設定してください。\nhttps://talkwith.test/reset?token=abc';

    await mailer.send({ to: 'yuki@example.com', subject, text });
    await mailer.close();
    await server.stop();

    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    const parsed = parseSimpleMessage(mail!.raw);
    expect(mail!.from).toBe(FROM);
    expect(mail!.to).toEqual(['yuki@example.com']);
    expect(parsed.headers.subject).toBe(subject);
    expect(parsed.headers.to).toBe('yuki@example.com');
    expect(parsed.text).toBe(text);
  });

  it('ping, no server listening, rejects', async () => {
    const server = await startTestSmtpServer();
    await server.stop();
    const mailer = await createSmtpMailer({ url: server.url, from: FROM });

    await expect(mailer.ping()).rejects.toThrow();
    await mailer.close();
  });
});
