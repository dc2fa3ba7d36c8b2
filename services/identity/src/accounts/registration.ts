import { AppError } from '@talkwith/platform';
import type { SignupBody } from '@talkwith/proto/identity';
import { TOKEN_TTL, type AccountsDeps } from './deps.ts';
import { messages } from './messages.ts';
import { hashPassword } from './password-hash.ts';
import { passwordProblem } from './password-policy.ts';
import { normalizeEmail, toPublicUser, usersIn, type UserDoc } from './users.ts';
import { confirmMail } from './mails.ts';

export function assertPassword(password: string, field = 'password'): void {
  const problem = passwordProblem(password);
  if (problem) throw new AppError('VALIDATION_FAILED', problem, { field });
}

/** Creates an unconfirmed customer and mails a confirmation link. */
export async function signup(deps: AccountsDeps, body: SignupBody) {
  assertPassword(body.password);
  const email = normalizeEmail(body.email);
  const now = deps.clock();
  // Hashed before the transaction: it would hold the store for the whole hash.
  const passwordHash = await hashPassword(body.password, deps.hasher);
  let user: UserDoc;
  try {
    user = await registerUser(deps, {
      email, passwordHash, gender: body.gender, date_of_birth: body.date_of_birth, nickname: '', roles: ['customer'], emailConfirmedAt: null, createdAt: now, lastLoginAt: null,
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'DUPLICATE_KEY') throw new AppError('CONFLICT', messages.emailTaken, { field: 'email' });
    throw err;
  }
  const token = await deps.tokens.issue('email_confirm', user._id, TOKEN_TTL.emailConfirm);
  await deps.mail.send(confirmMail(deps.publicUrl, email, token));
  return toPublicUser(user);
}

/** Stores a new user and its user.registered event in one transaction: neither exists without the other. */
export async function registerUser(deps: AccountsDeps, fields: Omit<UserDoc, '_id'>): Promise<UserDoc> {
  return deps.store.withTransaction(async (tx) => {
    const user = await usersIn(tx).insertOne(fields);
    await deps.events.publish('user.registered', user._id, { user_id: user._id, email: user.email, registered_at: user.createdAt.toISOString() }, tx);
    return user;
  });
}

export async function confirmEmail(deps: AccountsDeps, token: string) {
  const used = await deps.tokens.consume('email_confirm', token, deps.clock());
  if (!used) throw new AppError('VALIDATION_FAILED', messages.tokenInvalid, { field: 'token' });
  const user = await deps.users.findOneAndUpdate({ _id: used.userId }, { $set: { emailConfirmedAt: deps.clock() } });
  if (!user) throw new AppError('NOT_FOUND', messages.userNotFound);
  return toPublicUser(user);
}
