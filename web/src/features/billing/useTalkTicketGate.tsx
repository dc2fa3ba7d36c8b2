import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, selectUser } from '../../api/index.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { usePopup } from '../../app/shell.ts';
import type { CharacterAccess } from '@talkwith/proto/catalog';
import { useEntitlementsQuery, useUseTalkTicketMutation, useWalletQuery } from './billingApi.ts';
import { errorCodeOf, formatYen } from './format.ts';
import { newIdempotencyKey } from './intentKey.ts';

/**
 * What the gate needs of a character: the player's character has these fields. `access` is how the catalog
 * served it to this caller (PlayableCharacter): when known, it decides (a preview, or a character opened with
 * a ticket, costs a ticket per talk; free, owned, subscribed and operator never do); else the price and the
 * caller's purchases decide.
 */
export interface GatedCharacter {
  id: string;
  name: string;
  price: number;
  access?: CharacterAccess | undefined;
}

/** The ticket a talk used (POST /api/talk_tickets): its use id and billing's signed proof of it (ticket_use_token). */
export interface TicketUse {
  useId: string;
  useToken: string;
}

/** Starts the talk, with the ticket it used (none when the talk needed no ticket). */
export type StartTalk = (ticket?: TicketUse) => void;

/** The smallest ticket pack (API.md products), offered when the customer has none. */
const TICKET_PACK = 'tickets-1';

/**
 * The ticket step before a talk: a character with a price that the customer
 * has not bought costs one talk ticket per talk (SPEC.md §7 POST
 * /api/talk_tickets {user_id, character_id, btn}). `gate(btn, start)` starts
 * at once when no ticket is needed, else asks first (showing the count) and
 * starts only once the ticket is used, handing the ticket (its use_id and
 * use_token) to the start: the player fetches the whole character with the
 * token and the talk names it, so a talk that fails can give the ticket back.
 * The server checks the same rule at the talk's start (402 without a ticket).
 */
export function useTalkTicketGate(character: GatedCharacter) {
  const { t } = useTranslation();
  const popup = usePopup();
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const paid = character.price > 0;
  const { access } = character;
  // A ticket may be asked for: a preview (or a character opened with a ticket), else a priced one (bought or not).
  const mayAsk = access === undefined ? paid : access === 'preview' || access === 'ticket';
  const entitlements = useEntitlementsQuery(undefined, { skip: !user || !paid || access !== undefined });
  const wallet = useWalletQuery(undefined, { skip: !user || !mayAsk });
  const [spendTicket] = useUseTalkTicketMutation();
  const owned = entitlements.data?.character_ids.includes(character.id) ?? false;
  const free = access === undefined ? !paid || owned : !mayAsk;

  const offerPurchase = useCallback(
    (message: string) =>
      popup.show({
        message,
        ok: {
          title: t('billing.ticket.buyTickets'),
          onClick: () => {
            void navigate(`/payment/process/credit?product_id=${TICKET_PACK}`);
          },
        },
        other: {
          title: t('billing.buyFor', { amount: formatYen(character.price) }),
          onClick: () => {
            void navigate(`/payment/process/credit?product_id=${encodeURIComponent(`character:${character.id}`)}`);
          },
        },
        cancel: { title: t('billing.back') },
      }),
    [popup, t, navigate, character],
  );

  // Still learning whether it is bought, or how many tickets there are: a click now waits for the answer
  // (then asks or starts) rather than asking a buyer for a ticket or being lost.
  const ready = (access !== undefined || entitlements.data !== undefined) && wallet.data !== undefined;
  const waiting = useRef<{ btn: string; start: StartTalk } | null>(null);

  const gate = useCallback(
    (btn: string, start: StartTalk) => {
      if (free) return start();
      if (!user) return void navigate(`/login?redirect=${encodeURIComponent(window.location.pathname)}`);
      if (!ready) {
        waiting.current = { btn, start };
        return;
      }
      waiting.current = null;
      const count = wallet.data?.talk_tickets ?? 0;
      if (count < 1) return offerPurchase(t('billing.ticket.none', { name: character.name }));
      // One key for this one talk: a double click on 「使う」 sends the same key and uses one ticket.
      const key = newIdempotencyKey();
      popup.show({
        message: t('billing.ticket.confirm', { name: character.name, count }),
        ok: {
          title: t('billing.ticket.use'),
          onClick: async () => {
            const result = await spendTicket({ key, body: { user_id: user.id, character_id: character.id, btn } });
            if (result.data) return start({ useId: result.data.use_id, useToken: result.data.use_token });
            // A new dialog replaces this one; false keeps it open instead of closing it after this action.
            if (errorCodeOf(result.error) === 'INSUFFICIENT_TICKETS')
              offerPurchase(t('billing.ticket.none', { name: character.name }));
            else
              popup.show({
                message: errorMessageOf(result.error, t('billing.ticket.failed')),
                ok: { title: t('billing.close') },
              });
            return false;
          },
        },
        cancel: { title: t('billing.back') },
      });
    },
    [free, ready, user, wallet.data, character, popup, spendTicket, offerPurchase, navigate, t],
  );

  useEffect(() => {
    const click = waiting.current;
    if (ready && click) gate(click.btn, click.start);
  }, [ready, gate]);
  return gate;
}
