import { Type, type Static } from '@sinclair/typebox';
import { proofsFor, type Proofs } from './proofs.ts';

/**
 * The ticket-use proof (contract D3): billing signs it when a talk ticket is
 * spent (`POST /api/talk_tickets` → `use_token`); dialogue (talk start) and
 * catalog (the whole dialogue for that talk) verify it.
 */
export const TicketUseClaims = Type.Object({
  use_id: Type.String({ minLength: 1 }),
  user_id: Type.String({ minLength: 1 }),
  character_id: Type.String({ minLength: 1 }),
});
export type TicketUseClaims = Static<typeof TicketUseClaims>;

/** A ticket use is good for a talk started within 3 hours. */
export const TICKET_USE_TTL_SECONDS = 3 * 60 * 60;

export function ticketUseProofs(secret: string): Proofs<typeof TicketUseClaims> {
  return proofsFor(secret, 'ticket-use', TicketUseClaims);
}
