import type { DocumentStore, Transaction } from '../ports/index.ts';
import { ticketUseProofs, type TicketUseClaims } from '../signing/ticket-use.ts';
import { ownedKey, type EntitlementCollections } from './model.ts';

/** Why a caller may play a character's whole dialogue, or `none`. */
export type Access = 'free' | 'operator' | 'owned' | 'subscribed' | 'ticket' | 'none';

export interface AccessCharacter {
  id: string;
  /** Yen; 0 (or absent) is free. */
  price?: number | null;
  group_id?: string | null;
}

export interface AccessCaller {
  sub: string;
  roles: readonly string[];
}

export interface AccessQuery {
  character: AccessCharacter;
  /** The verified caller; undefined for a visitor. */
  caller?: AccessCaller | undefined;
  /** A ticket-use proof (billing's `use_token`) the caller holds. */
  ticketUseToken?: string | undefined;
  now?: Date;
}

type Store = DocumentStore | Transaction;

export interface AccessChecker {
  /** The one entitlement check catalog and dialogue share: the first reason that holds, in the order of `Access`. */
  accessOf(store: Store, query: AccessQuery): Promise<Access>;
  /** The claims of a ticket-use proof when it is valid and the caller's for this character; else null. */
  ticketUseOf(token: string, expected: { userId: string; characterId: string }, now?: Date): TicketUseClaims | null;
}

/** A subscription covers the group while active, or cancelled and still inside its paid period. */
export async function subscribedTo(
  c: EntitlementCollections,
  store: Store,
  userId: string,
  groupId: string,
  now: Date,
): Promise<boolean> {
  const plans = await c.plans(store).find({ user_id: userId, group_id: groupId }, { limit: 20 });
  return plans.some(
    (p) => p.status === 'active' || (p.status === 'canceled' && Date.parse(p.period_end) > now.getTime()),
  );
}

export function createAccessChecker(c: EntitlementCollections, secret: string): AccessChecker {
  const tickets = ticketUseProofs(secret);
  const ticketUseOf: AccessChecker['ticketUseOf'] = (token, { userId, characterId }, now) => {
    const claims = tickets.verify(token, now);
    return claims && claims.user_id === userId && claims.character_id === characterId ? claims : null;
  };
  return {
    ticketUseOf,
    async accessOf(store, { character, caller, ticketUseToken, now = new Date() }) {
      if (!character.price || character.price <= 0) return 'free';
      if (!caller) return 'none';
      if (caller.roles.includes('admin')) return 'operator';
      if (await c.owned(store).findOne({ _id: ownedKey(caller.sub, character.id) })) return 'owned';
      if (character.group_id && (await subscribedTo(c, store, caller.sub, character.group_id, now)))
        return 'subscribed';
      if (ticketUseToken && ticketUseOf(ticketUseToken, { userId: caller.sub, characterId: character.id }, now))
        return 'ticket';
      return 'none';
    },
  };
}
