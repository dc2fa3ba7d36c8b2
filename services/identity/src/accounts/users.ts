import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import {
  DEFAULT_INTERFACE_LANGUAGE,
  type InterfaceLanguage,
  type PublicUser,
  type Role,
  type SignupBody,
} from '@talkwith/proto/identity';

/** A stored account. Emails are kept lower-cased so the unique index is case-insensitive. */
export type UserDoc = {
  _id: string;
  email: string;
  passwordHash: string;
  gender: SignupBody['gender'];
  date_of_birth: string;
  nickname: string;
  roles: Role[];
  emailConfirmedAt: Date | null;
  createdAt: Date;
  lastLoginAt: Date | null;
  /** A minor's declaration at sign-up that the guardian agreed (terms: minors need guardian consent), and when. */
  guardianConsentAt?: Date;
  /** The interface language (taken at sign-up, changed by PUT /api/auth/language); absent = ja-JP. Billing writes its mails in it. */
  language?: InterfaceLanguage;
  /** Set on the first admin, whose password was printed once: admin routes refuse until it is changed. */
  mustChangePassword?: boolean;
  /** Bumped to end every access token of the user at once (session-versions.ts); absent = 0. */
  sessionVersion?: number;
  /** Set while an operator has suspended the account (suspension.ts): no log-in, no refresh. */
  suspendedAt?: Date;
  suspendReason?: string;
};

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function usersIn(store: DocumentStore | Transaction): Collection<UserDoc> {
  return store.collection<UserDoc>('users');
}

export async function openUsers(store: DocumentStore): Promise<Collection<UserDoc>> {
  const users = usersIn(store);
  await users.createIndex({ email: 1 }, { unique: true });
  await users.createIndex({ createdAt: -1 });
  return users;
}

export function toPublicUser(user: UserDoc): PublicUser {
  return {
    id: user._id,
    email: user.email,
    gender: user.gender,
    date_of_birth: user.date_of_birth,
    nickname: user.nickname,
    roles: user.roles,
    email_confirmed: user.emailConfirmedAt !== null,
    ...(user.guardianConsentAt ? { guardian_consent_at: user.guardianConsentAt.toISOString() } : {}),
    language: user.language ?? DEFAULT_INTERFACE_LANGUAGE,
    created_at: user.createdAt.toISOString(),
    last_login_at: user.lastLoginAt ? user.lastLoginAt.toISOString() : null,
    ...(user.suspendedAt ? { suspended_at: user.suspendedAt.toISOString() } : {}),
    ...(user.suspendReason ? { suspend_reason: user.suspendReason } : {}),
  };
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Admin listing filter: exact or partial e-mail match, or part of an address or nickname (q), and "new" = registered in the last 7 days. */
export function userListFilter(
  query: { email?: string; q?: string; exact: boolean; new?: boolean },
  now: Date,
): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  if (query.email) {
    const email = normalizeEmail(query.email);
    filter.email = query.exact ? email : { $regex: escapeRegex(email) };
  } else if (query.q?.trim()) {
    const part = escapeRegex(query.q.trim());
    // Addresses are stored lower-cased; a nickname is matched as typed.
    filter.$or = [{ email: { $regex: part.toLowerCase() } }, { nickname: { $regex: part } }];
  }
  if (query.new) filter.createdAt = { $gte: new Date(now.getTime() - 7 * 24 * 3600 * 1000) };
  return filter;
}
