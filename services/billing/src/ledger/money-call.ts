import type { FastifyReply } from 'fastify';
import type { DocumentStore, Platform, Transaction } from '@talkwith/platform';
import { audited } from '@talkwith/platform/eventing';
import { idempotent, type IdempotentCall } from '../idempotency.ts';

/** Runs a money-moving call once per Idempotency-Key and answers the stored answer (status and body). */
export async function answerOnce<B>(
  reply: FastifyReply,
  store: DocumentStore,
  call: IdempotentCall,
  work: (tx: Transaction) => Promise<B>,
): Promise<B> {
  const answer = await idempotent(store, call, async (tx) => ({ status: 200, body: await work(tx) }));
  reply.code(answer.status);
  return answer.body;
}

/**
 * audited() opens a transaction of its own; inside idempotent()'s, it is
 * handed a store whose transaction is that one, so the write, its audit
 * entry and the stored answer commit together.
 */
function storeWithin(tx: Transaction, store: DocumentStore): DocumentStore {
  return {
    collection: (name) => tx.collection(name),
    withTransaction: (work) => work(tx),
    ping: () => store.ping(),
    close: async () => undefined,
  };
}

export interface AdminWrite {
  adminId: string;
  action: string;
  targetUserId: string;
}

/** An operator's write: idempotent on its key, audited with the user it concerns, all in one transaction. */
export async function answerAdminOnce<B>(
  reply: FastifyReply,
  platform: Pick<Platform, 'store' | 'events'>,
  call: IdempotentCall,
  write: AdminWrite,
  work: (tx: Transaction) => Promise<B>,
  detailOf: (result: B) => Record<string, unknown>,
): Promise<B> {
  return answerOnce(reply, platform.store, call, (tx) =>
    audited(
      { store: storeWithin(tx, platform.store), events: platform.events },
      { adminId: write.adminId },
      write.action,
      work,
      detailOf,
      () => write.targetUserId,
    ),
  );
}
