import { randomUUID } from 'node:crypto';
import type { ServiceUnderTest } from '@talkwith/platform/platform';
import { OUTBOX, PROCESSED_EVENTS, type OutboxEntry } from '@talkwith/platform/eventing';
import { eventually } from '@talkwith/platform/testing/eventually';
import type { ContactBody } from '@talkwith/proto/engagement';
import { openAccountAddresses } from './accounts.ts';
import { loadEngagementConfig } from '../config.ts';

/** Helpers of the contacts API tests: forms, callers and addresses, each test's own. */
export function contactsTestKit(svc: () => ServiceUnderTest) {
  const auth = (userId: string, roles?: string[]) => ({ authorization: `Bearer ${svc().tokenFor(userId, roles)}` });
  return {
    auth,
    /** Where replies go (Reply-To): the default SUPPORT_MAIL_FROM, as the tests start the service without one. */
    supportAddress: loadEngagementConfig({}).SUPPORT_MAIL_FROM,
    admin: (adminId: string = randomUUID()) => auth(adminId, ['admin']),
    /** A client address of its own (the service trusts the one proxy hop: the gateway's X-Forwarded-For). */
    from: (ip: string = randomAddress()) => ({ 'x-forwarded-for': ip }),
    form: (overrides: Partial<ContactBody> = {}): ContactBody => ({
      channel: 'contact',
      category: 0,
      email: `${randomUUID()}@example.com`,
      message: 'サービスについて教えてください。',
      ...overrides,
    }),
    send: (payload: unknown, headers: Record<string, string> = { 'x-forwarded-for': randomAddress() }) =>
      svc().app.inject({ method: 'POST', url: '/api/contacts', headers, payload: payload as object }),
    /** Waits until the area's consumer group has handled the event (the receipt, if owed, leaves after that commit). */
    handled: async (eventId: string) => {
      await eventually(async () =>
        svc().platform.store.collection(PROCESSED_EVENTS).findOne({ group: 'engagement-contacts', eventId }),
      );
    },
    /** An account as identity announces it (`user.registered`), once the contacts area has kept its address. */
    account: async (userId: string = randomUUID(), email = `${randomUUID()}@account.example`) => {
      await svc().platform.events.publish('user.registered', userId, {
        user_id: userId,
        email,
        registered_at: new Date().toISOString(),
      });
      await eventually(
        async () => (await openAccountAddresses(svc().platform.store).findOne({ _id: userId }))?.email === email,
      );
      return { userId, email };
    },
    eventsOf: async (key: string, type: string) =>
      (await svc().platform.store.collection<OutboxEntry>(OUTBOX).find({ key, type })).map((entry) => entry.envelope),
  };
}

export function randomAddress(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}
