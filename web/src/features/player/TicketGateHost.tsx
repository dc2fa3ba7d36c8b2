import { useEffect } from 'react';
import { useTalkTicketGate, type GatedCharacter } from '../../app/billing.ts';

export type TicketGate = ReturnType<typeof useTalkTicketGate>;

/**
 * Billing's ticket gate, loaded with its chunk (billing's API, the purchase
 * offers) only for a character whose talk may cost a ticket (ticketGate.tsx):
 * renders nothing, hands the gate up.
 */
export default function TicketGateHost({
  character,
  onGate,
}: {
  character: GatedCharacter;
  onGate: (gate: TicketGate) => void;
}) {
  const gate = useTalkTicketGate(character);
  useEffect(() => onGate(gate), [gate, onGate]);
  return null;
}
