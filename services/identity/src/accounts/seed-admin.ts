import { randomBytes } from 'node:crypto';
import type { AccountsDeps } from './deps.ts';
import { hashPassword } from './password-hash.ts';

/**
 * Creates the first admin when no admin exists. Returns the credentials so the
 * standalone start can print them once; they are never stored in clear. The
 * account must change that password before admin routes answer (tests of
 * admin features may pass `mustChangePassword: false`).
 */
export async function seedAdmin(
  deps: AccountsDeps,
  email = 'admin@talkwith.local',
  options: { mustChangePassword?: boolean } = {},
): Promise<{ email: string; password: string } | null> {
  if (await deps.users.findOne({ roles: 'admin' })) return null;
  // Letters and digits from base64url, plus a guaranteed letter and digit for the password rule.
  const password = `A${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x').slice(0, 16)}9`;
  const now = deps.clock();
  await deps.users.insertOne({
    email,
    passwordHash: await hashPassword(password, deps.hasher),
    gender: 'unspecified',
    date_of_birth: '1970-01-01',
    nickname: 'admin',
    roles: ['admin'],
    emailConfirmedAt: now,
    createdAt: now,
    lastLoginAt: null,
    mustChangePassword: options.mustChangePassword ?? true,
  });
  return { email, password };
}
