import { pageQuery, sectionOver, type FactsOwner } from '@talkwith/platform/eventing';
import { usersIn, type UserDoc } from './users.ts';

/**
 * Identity's facts, announced again on request (platform eventing's
 * facts-requests): billing (its accounts: address, date of birth, language)
 * and engagement (contact receipt addresses) keep projections of accounts.
 * Each existing account goes out as one `user.announced`, keyed by the user
 * like every account event, so a consumer sees it in order with that
 * account's other events. A deleted account is gone from identity's store:
 * its `user.deleted` is the only word on it, from the bus's history.
 * Paged (500 accounts a transaction, one outbox write each).
 */
export const accountsSection = sectionOver<UserDoc>(
  'accounts',
  (tx, after, limit) => {
    const { filter, options } = pageQuery({}, after, limit);
    return usersIn(tx).find(filter, { ...options, projection: { passwordHash: 0 } });
  },
  async (tx, events, users) => {
    await events.publishMany(
      'user.announced',
      users.map((user) => ({ key: user._id, data: announcedFactsOf(user) })),
      tx,
    );
  },
);

export const identityFacts: FactsOwner = { owner: 'identity', sections: [accountsSection] };

function announcedFactsOf(user: UserDoc) {
  return {
    user_id: user._id,
    email: user.email,
    registered_at: new Date(user.createdAt).toISOString(),
    date_of_birth: user.date_of_birth,
    ...(user.guardianConsentAt ? { guardian_consent_at: new Date(user.guardianConsentAt).toISOString() } : {}),
    ...(user.language ? { language: user.language } : {}),
  };
}
