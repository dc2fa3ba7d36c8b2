import type { FastifyRequest } from 'fastify';
import { requireCaller, type Caller } from '@talkwith/platform/http';
import { callErrors } from './errors.ts';

export interface Acting {
  caller: Caller;
  /** Whose wallet, purchases or subscription the call concerns. */
  userId: string;
  isAdmin: boolean;
}

/**
 * The verified caller and the user a call concerns. SPEC.md §7 puts a
 * `user_id` in many paths and bodies; it must be the caller's own, unless
 * the caller is an admin. The identity always comes from the token.
 */
export async function actingUser(request: FastifyRequest, claimedUserId?: string): Promise<Acting> {
  const caller = await requireCaller(request);
  const isAdmin = caller.roles.includes('admin') && !caller.passwordChangeRequired;
  const userId = claimedUserId ?? caller.sub;
  if (userId !== caller.sub && !isAdmin) throw callErrors.notTheCaller();
  return { caller, userId, isAdmin };
}
