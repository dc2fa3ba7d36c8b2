import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Mailer } from '../ports/mail.ts';

export interface MailFixture {
  mailer: Mailer;
  /** Closes the mailer and whatever the fixture started (store, SMTP server). */
  cleanup(): Promise<void>;
}

/** Behaviour every Mailer adapter shares. */
export function runMailContract(adapterName: string, make: () => Promise<MailFixture>): void {
  describe(`mail contract (${adapterName})`, () => {
    let fixture: MailFixture;
    let mailer: Mailer;

    beforeEach(async () => {
      fixture = await make();
      mailer = fixture.mailer;
    });

    afterEach(async () => {
      await fixture.cleanup();
    });

    it('send, Japanese message, returns it with an id and a send time', async () => {
      const before = Date.now();
      const sent = await mailer.send({
        to: 'yuki@example.com',
        subject: '【TALK WITH】メールアドレスの確認',
        text: '以下のリンクを開いてください。\nhttps://example.com/verify?t=abc',
      });
      expect(sent).toMatchObject({
        to: 'yuki@example.com',
        subject: '【TALK WITH】メールアドレスの確認',
        text: '以下のリンクを開いてください。\nhttps://example.com/verify?t=abc',
      });
      expect(sent.id).not.toBe('');
      expect(Date.parse(sent.sentAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(new Date(sent.sentAt).toISOString()).toBe(sent.sentAt);
    });

    it('recent, several messages, lists them newest first', async () => {
      for (const n of [1, 2, 3]) await mailer.send({ to: 'a@example.com', subject: `件名 ${n}`, text: `本文 ${n}` });
      const recent = await mailer.recent();
      expect(recent.map((mail) => mail.subject)).toEqual(['件名 3', '件名 2', '件名 1']);
    });

    it('recent, filter by recipient and limit, narrows the list', async () => {
      await mailer.send({ to: 'a@example.com', subject: 'A1', text: '.' });
      await mailer.send({ to: 'b@example.com', subject: 'B1', text: '.' });
      await mailer.send({ to: 'a@example.com', subject: 'A2', text: '.' });
      expect((await mailer.recent({ to: 'a@example.com' })).map((mail) => mail.subject)).toEqual(['A2', 'A1']);
      expect((await mailer.recent({ limit: 2 })).map((mail) => mail.subject)).toEqual(['A2', 'B1']);
      expect(await mailer.recent({ to: 'nobody@example.com' })).toEqual([]);
    });

    it('send, html alternative, keeps it', async () => {
      const sent = await mailer.send({
        to: 'h@example.com',
        subject: 'HTML',
        text: 'plain',
        html: '<p>こんにちは</p>',
      });
      expect(sent.html).toBe('<p>こんにちは</p>');
      expect((await mailer.recent({ to: 'h@example.com' }))[0]).toMatchObject({
        html: '<p>こんにちは</p>',
        text: 'plain',
      });
    });

    it('send, a reply-to address, keeps it; a reply-to with a line break is refused', async () => {
      const sent = await mailer.send({ to: 'r@example.com', subject: 'RT', text: 'x', replyTo: 'support@example.com' });
      expect(sent.replyTo).toBe('support@example.com');
      expect((await mailer.recent({ to: 'r@example.com' }))[0]).toMatchObject({ replyTo: 'support@example.com' });
      await expect(
        mailer.send({
          to: 'r@example.com',
          subject: 'RT',
          text: 'x',
          replyTo: 'a@example.com\r\nBcc: evil@example.com',
        }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it('send, bad recipient or multi-line subject, is refused as validation failure', async () => {
      await expect(mailer.send({ to: 'not-an-address', subject: 'x', text: 'x' })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
      });
      await expect(
        mailer.send({ to: 'a@example.com\r\nBcc: evil@example.com', subject: 'x', text: 'x' }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      await expect(
        mailer.send({ to: 'a@example.com', subject: 'x\r\nBcc: evil@example.com', text: 'x' }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(await mailer.recent()).toEqual([]);
    });

    it('ping, reachable backend, resolves', async () => {
      await expect(mailer.ping()).resolves.toBeUndefined();
    });
  });
}
