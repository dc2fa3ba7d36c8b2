import { randomUUID } from 'node:crypto';
import type { ServiceUnderTest } from '@talkwith/platform/platform';
import { OUTBOX, type OutboxEntry } from '@talkwith/platform/eventing';
import type { ContactBody } from '@talkwith/proto/engagement';
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
      channel: 'contact', category: 0, email: `${randomUUID()}@example.com`, message: 'サービスについて教えてください。', ...overrides,
    }),
    send: (payload: unknown, headers: Record<string, string> = { 'x-forwarded-for': randomAddress() }) =>
      svc().app.inject({ method: 'POST', url: '/api/contacts', headers, payload: payload as object }),
    eventsOf: async (key: string, type: string) => (await svc().platform.store.collection<OutboxEntry>(OUTBOX).find({ key, type })).map((entry) => entry.envelope),
  };
}

export function randomAddress(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}
