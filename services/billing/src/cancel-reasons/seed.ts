import type { DocumentStore } from '@talkwith/platform';
import { openCancelReasons } from './model.ts';

/** The reasons offered before any operator edits the list (ids are fixed, so a second seed finds them). */
export const DEFAULT_CANCEL_REASONS = [
  { _id: 'price', label: '料金が高い', position: 10 },
  { _id: 'no-time', label: '使う時間がない', position: 20 },
  { _id: 'no-character', label: '話したいキャラクターがいない', position: 30 },
  { _id: 'few-content', label: '会話の内容が少ない・飽きた', position: 40 },
  { _id: 'recognition', label: '声がうまく認識されない', position: 50 },
  { _id: 'tickets-enough', label: 'トークチケットやポイントが余っている', position: 60 },
  { _id: 'other', label: 'その他', position: 1000 },
] as const;

const SEEDED_MARK = 'cancel_reasons_seeded';

/**
 * Seeds the defaults once per store: a mark records it, so a reason an
 * operator retired or renamed is not brought back at the next start, and two
 * processes starting together write each default at most once (upserts on
 * fixed ids, in one transaction with the mark).
 */
export async function seedCancelReasons(store: DocumentStore, now: Date): Promise<boolean> {
  return store.withTransaction(async (tx) => {
    const marks = tx.collection('billing_seeds');
    if (await marks.findOne({ _id: SEEDED_MARK })) return false;
    const at = now.toISOString();
    const reasons = openCancelReasons(tx);
    for (const reason of DEFAULT_CANCEL_REASONS) {
      await reasons.updateOne(
        { _id: reason._id },
        {
          $setOnInsert: {
            label: reason.label,
            position: reason.position,
            retired_at: null,
            created_at: at,
            updated_at: at,
          },
        },
        { upsert: true },
      );
    }
    await marks.updateOne({ _id: SEEDED_MARK }, { $setOnInsert: { at } }, { upsert: true });
    return true;
  });
}
