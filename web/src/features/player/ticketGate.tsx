import { lazy, Suspense, useCallback, useRef, type ReactNode } from 'react';
import type { GatedCharacter } from '../../app/billing.ts';
import type { TicketGate } from './TicketGateHost.tsx';

const TicketGateHost = lazy(() => import('./TicketGateHost.tsx'));

/**
 * Whether no talk of the character can cost a ticket, as billing's gate decides
 * it: the catalog's `access` says so (free, owned, subscribed, operator, draft;
 * a preview or a ticket-opened character may ask), or, without it, the price is
 * 0. The gate would start at once, so its code is never loaded.
 */
export const needsNoTicket = ({ access, price }: Pick<GatedCharacter, 'access' | 'price'>): boolean =>
  access === undefined ? price <= 0 : access !== 'preview' && access !== 'ticket';

type Pending = Parameters<TicketGate>;

/**
 * The ticket step before a talk (billing's useTalkTicketGate) without its
 * chunk on the first paint of a character no talk of which costs a ticket
 * (the demo ミライ): `gate` starts at once there. Elsewhere `host` (render it)
 * loads the gate; a click before it loaded waits for it.
 */
export function useLazyTicketGate(character: GatedCharacter): { gate: TicketGate; host: ReactNode } {
  const skip = needsNoTicket(character);
  const loaded = useRef<TicketGate | null>(null);
  const waiting = useRef<Pending | null>(null);
  const onGate = useCallback((gate: TicketGate) => {
    loaded.current = gate;
    const click = waiting.current;
    waiting.current = null;
    if (click) gate(...click);
  }, []);
  const gate = useCallback<TicketGate>(
    (...click) => {
      if (skip) return click[1]();
      if (loaded.current) return loaded.current(...click);
      waiting.current = click;
    },
    [skip],
  );
  const host = skip ? null : (
    <Suspense fallback={null}>
      <TicketGateHost character={character} onGate={onGate} />
    </Suspense>
  );
  return { gate, host };
}
