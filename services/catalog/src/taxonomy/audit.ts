import type { Platform, Transaction } from '@talkwith/platform';

/** Who did an admin write: the caller's id from the verified token. */
export interface Actor {
  adminId: string;
}

/**
 * Runs an admin write and its audit entry (`admin.acted`) in one store
 * transaction: the entry exists exactly when the write does, and a refused
 * write (thrown AppError) leaves neither.
 */
export async function auditedWrite<R>(
  platform: Platform,
  actor: Actor,
  action: string,
  work: (tx: Transaction) => Promise<R>,
  detailOf: (result: R) => Record<string, unknown>,
): Promise<R> {
  return platform.store.withTransaction(async (tx) => {
    const result = await work(tx);
    await platform.events.publish('admin.acted', actor.adminId, { admin_id: actor.adminId, action, detail: detailOf(result) }, tx);
    return result;
  });
}
