import { AppError } from '@talkwith/platform';
import type { SignupBody } from '@talkwith/proto/identity';
import { TOKEN_TTL, type AccountsDeps } from './deps.ts';
import { messages } from './messages.ts';
import { hashPassword } from './password-hash.ts';
import { passwordProblem } from './password-policy.ts';
import { normalizeEmail, toPublicUser, type UserDoc } from './users.ts';
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
  let user: UserDoc;
  try {
    user = await deps.users.insertOne({
      email,
      passwordHash: await hashPassword(body.password, deps.scrypt),
      gender: body.gender,
      date_of_birth: body.date_of_birth,
      nickname: '',
      roles: ['customer'],
      emailConfirmedAt: null,
      createdAt: now,
      lastLoginAt: null,
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'DUPLICATE_KEY') throw new AppError('CONFLICT', messages.emailTaken, { field: 'email' });
    throw err;
  }
  const token = await deps.tokens.issue('email_confirm', user._id, TOKEN_TTL.emailConfirm);
  await deps.mail.send(confirmMail(deps.publicUrl, email, token));
  await deps.events.publish('user.registered', user._id, { user_id: user._id, email, registered_at: now.toISOString() });
  return toPublicUser(user);
}

export async function confirmEmail(deps: AccountsDeps, token: string) {
  const used = await deps.tokens.consume('email_confirm', token, deps.clock());
  if (!used) throw new AppError('VALIDATION_FAILED', messages.tokenInvalid, { field: 'token' });
  const user = await deps.users.findOneAndUpdate({ _id: used.userId }, { $set: { emailConfirmedAt: deps.clock() } });
  if (!user) throw new AppError('NOT_FOUND', messages.userNotFound);
  return toPublicUser(user);
}
