import type { Platform, Transaction } from '@talkwith/platform';

/** The ports an admin write of the catalog goes through (authoring, taxonomy). */
export type AuthoringPorts = Pick<Platform, 'store' | 'events' | 'files'>;

/** Who acts: the verified token's subject (never a body field). */
export interface AdminActor {
  adminId: string;
}

/**
 * Runs an authoring write and its audit entry (`admin.acted`) in one store
 * transaction: the entry exists exactly when the write does; a thrown
 * AppError leaves neither.
 */
export async function audited<R>(
  ports: AuthoringPorts,
  actor: AdminActor,
  action: string,
  work: (tx: Transaction) => Promise<R>,
  detailOf: (result: R) => Record<string, unknown>,
): Promise<R> {
  return ports.store.withTransaction(async (tx) => {
    const result = await work(tx);
    await ports.events.publish('admin.acted', actor.adminId, { admin_id: actor.adminId, action, detail: detailOf(result) }, tx);
    return result;
  });
}
