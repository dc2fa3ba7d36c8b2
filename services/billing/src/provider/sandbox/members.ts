/** Card membership: cards kept under a merchant account id (VeriTrans4G PayNowID-like). */
import { randomUUID } from 'node:crypto';
import type { Transaction } from '@talkwith/platform';
import { ProviderRequestError, type StoredCard } from '../port.ts';
import { REQUEST_ERRORS } from './cards.ts';
import { cardsIn, storedCardOf, type CardFacts, type MemberCardDoc } from './model.ts';

const cardNotFound = () => new ProviderRequestError('登録カードが見つかりません。', REQUEST_ERRORS.cardNotFound);

export async function listMemberCards(tx: Pick<Transaction, 'collection'>, accountId: string): Promise<StoredCard[]> {
  const docs = await cardsIn(tx).find({ account_id: accountId }, { sort: { created_ms: 1, _id: 1 } });
  return docs.map(storedCardOf);
}

/** Keeps a card under the account; the first card, or one asked to be, becomes the default. */
export async function addMemberCard(
  tx: Transaction,
  accountId: string,
  card: CardFacts,
  makeDefault: boolean,
  nowMs: number,
): Promise<StoredCard> {
  const cards = cardsIn(tx);
  const isDefault = makeDefault || (await cards.countDocuments({ account_id: accountId })) === 0;
  if (isDefault) await cards.updateMany({ account_id: accountId }, { $set: { is_default: false } });
  const doc: MemberCardDoc = {
    _id: `card-${randomUUID()}`,
    account_id: accountId,
    card,
    is_default: isDefault,
    created_ms: nowMs,
  };
  await cards.insertOne(doc);
  return storedCardOf(doc);
}

export async function memberCard(tx: Transaction, accountId: string, cardId: string): Promise<MemberCardDoc> {
  const doc = await cardsIn(tx).findOne({ _id: cardId, account_id: accountId });
  if (!doc) throw cardNotFound();
  return doc;
}

/** Removes the card; when it was the default, the oldest remaining card takes its place. */
export async function deleteMemberCard(tx: Transaction, accountId: string, cardId: string): Promise<void> {
  const doc = await memberCard(tx, accountId, cardId);
  await cardsIn(tx).deleteOne({ _id: doc._id });
  if (!doc.is_default) return;
  const [next] = await cardsIn(tx).find({ account_id: accountId }, { sort: { created_ms: 1, _id: 1 }, limit: 1 });
  if (next) await cardsIn(tx).updateOne({ _id: next._id }, { $set: { is_default: true } });
}

export async function setDefaultMemberCard(tx: Transaction, accountId: string, cardId: string): Promise<StoredCard[]> {
  await memberCard(tx, accountId, cardId);
  await cardsIn(tx).updateMany({ account_id: accountId }, { $set: { is_default: false } });
  await cardsIn(tx).updateOne({ _id: cardId }, { $set: { is_default: true } });
  return listMemberCards(tx, accountId);
}
