import { randomUUID } from 'node:crypto';
import { type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import { accountOf } from './model.ts';

/** An account identity announced (`user.registered`), known to billing before it returns: admin grants go only to such ids. */
export async function registeredUser(svc: ServiceUnderTest, userId: string = randomUUID()): Promise<string> {
  await svc.platform.events.publish('user.registered', userId, {
    user_id: userId,
    email: `${userId}@example.jp`,
    registered_at: new Date().toISOString(),
  });
  await eventually(async () => (await accountOf(svc.platform.store, userId)) !== null);
  return userId;
}
