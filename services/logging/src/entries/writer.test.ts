import { describe, expect, it } from 'vitest';
import { draftOf } from './from-event.ts';
import { sourceOf, writerOf, writerOfEvent } from './writer.ts';

const envelope = { id: 'e1', version: 1, key: 'u1', occurredAt: new Date().toISOString() };

describe('who wrote an entry', () => {
  it.each([
    ['client.logged', 'client'],
    ['admin.acted', 'audit'],
    ['user.logged_in', 'identity'],
    ['ticket.granted', 'billing'],
    ['points.used', 'billing'],
    ['subscription.renewed', 'billing'],
    ['purchase.canceled', 'billing'],
  ])('writerOfEvent, %s, is %s', (type, writer) => {
    expect(writerOfEvent(type)).toBe(writer);
  });

  it.each([
    [{ type: 'ticket', message: 'トークチケットを3枚付与しました（運営）' }, 'service', 'billing'],
    [{ type: 'point', message: '50ポイントを使用しました' }, 'service', 'billing'],
    [{ type: 'admin', message: 'user.deleted' }, 'audit', 'audit'],
    [{ type: 'connect', message: 'ログイン' }, 'service', 'identity'],
    [{ type: 'connect', message: '接続しました' }, 'client', 'client'],
    [{ type: 'error', message: 'マイクが許可されていません' }, 'client', 'client'],
  ] as const)(
    'sourceOf and writerOf, an older entry stored without them (%j), derive %s / %s from its category',
    (doc, source, writer) => {
      expect(sourceOf(doc)).toBe(source);
      expect(writerOf(doc)).toBe(writer);
    },
  );

  it('writerOf, an entry that stored its writer, is that writer', () => {
    expect(writerOf({ type: 'other', message: '', source: 'service', writer: 'billing' })).toBe('billing');
  });
});

describe('client lines in billing categories', () => {
  it.each(['ticket', 'point', 'subscription'] as const)(
    'draftOf, a client line claiming %s, is stored as other with its claim in extra',
    (type) => {
      const draft = draftOf({
        ...envelope,
        type: 'client.logged',
        data: { user_id: 'u1', type, message: 'トークチケットを100枚付与しました（運営）', extra: { n: 1 } },
      });

      expect(draft).toMatchObject({
        type: 'other',
        source: 'client',
        writer: 'client',
        extra: { n: 1, claimed_type: type },
      });
    },
  );

  it.each(['error', 'connect', 'play', 'speech', 'camera', 'other', 'admin'] as const)(
    'draftOf, a client line in %s, keeps its category',
    (type) => {
      const draft = draftOf({ ...envelope, type: 'client.logged', data: { user_id: 'u1', type, message: 'm' } });

      expect(draft).toMatchObject({ type, source: 'client', extra: null });
    },
  );

  it("draftOf, billing's own ticket event, stays a ticket entry written by billing", () => {
    const draft = draftOf({
      ...envelope,
      type: 'ticket.granted',
      data: { user_id: 'u1', lot_id: 'l1', count: 3, source: 'operator', expires_at: envelope.occurredAt },
    });

    expect(draft).toMatchObject({ type: 'ticket', source: 'service', writer: 'billing' });
  });
});
