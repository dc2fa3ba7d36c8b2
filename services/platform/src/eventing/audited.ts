import type { Transaction } from '../ports/index.ts';
import type { Platform } from '../service/index.ts';

/** Who acts: the verified token's subject (never a body field). */
export interface AdminActor {
  adminId: string;
}

/**
 * Runs an admin write and its audit entry (`admin.acted`) in one store
 * transaction: the entry exists exactly when the write does; a thrown
 * AppError leaves neither. `targetOf` names the user the write concerns
 * (the audit log is searchable by it).
 */
export async function audited<R>(
  ports: Pick<Platform, 'store' | 'events'>,
  actor: AdminActor,
  action: string,
  work: (tx: Transaction) => Promise<R>,
  detailOf: (result: R) => Record<string, unknown>,
  targetOf?: (result: R) => string | undefined,
): Promise<R> {
  return ports.store.withTransaction(async (tx) => {
    const result = await work(tx);
    const target = targetOf?.(result);
    await ports.events.publish(
      'admin.acted',
      actor.adminId,
      {
        admin_id: actor.adminId,
        action,
        detail: detailOf(result),
        ...(target ? { target_user_id: target } : {}),
      },
      tx,
    );
    return result;
  });
}
