import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEmbeddedStore } from '../store/index.ts';
import { createOutboxMailer, OUTBOX_COLLECTION } from './outbox.ts';
import { runMailContract } from './contract.ts';

const FROM = 'TALK WITH <no-reply@talkwith.test>';

runMailContract('outbox on the embedded store', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'tw-outbox-'));
  const store = await createEmbeddedStore({ dir });
  const mailer = await createOutboxMailer({ store, from: FROM });
  return {
    mailer,
    async cleanup() {
      await mailer.close();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

describe('createOutboxMailer', () => {
  it('send, then a restart on the same store dir, still lists the message', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tw-outbox-'));
    const first = await createEmbeddedStore({ dir });
    const sent = await (
      await createOutboxMailer({ store: first, from: FROM })
    ).send({ to: 'k@example.com', subject: 'パスワード再設定', text: 'リンク' });
    await first.close();

    const second = await createEmbeddedStore({ dir });
    const recent = await (await createOutboxMailer({ store: second, from: FROM })).recent({ to: 'k@example.com' });

    expect(recent).toEqual([sent]);
    expect(await second.collection(OUTBOX_COLLECTION).findOne({ _id: sent.id })).toMatchObject({ from: FROM });
    await second.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('send, many in the same millisecond, keeps newest-first order', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tw-outbox-'));
    const store = await createEmbeddedStore({ dir });
    const mailer = await createOutboxMailer({ store, from: FROM });
    for (let n = 0; n < 20; n++) await mailer.send({ to: 'burst@example.com', subject: `#${n}`, text: '.' });

    const recent = await mailer.recent({ to: 'burst@example.com', limit: 5 });

    expect(recent.map((mail) => mail.subject)).toEqual(['#19', '#18', '#17', '#16', '#15']);
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });
});
