import type { AccessCaller, Entitlements, Transaction } from '@talkwith/platform';
import type { TalkStartRequest } from '@talkwith/proto/dialogue';
import { loadRecognition } from '../recognition/characters.ts';
import { talkErrors } from '../errors.ts';
import { openTicketUses } from './model.ts';

/** The start button of the mic test: it plays the character's mic-test block and spends no ticket. */
export const MIC_TEST_BTN = 'micTest';

/**
 * Whether the caller may start this talk (API.md § Talks, contract D3), and
 * the ticket use it is paid with. The character must be published (404).
 * A ticket-use proof sent is always checked: the caller's, for this
 * character, unexpired (403), and not yet bound to a talk (409); its use id
 * is then the talk's. Without one, the character must need none: free,
 * the caller an operator, owned or covered by a subscription, or the mic
 * test (402 otherwise).
 */
export async function admitTalk(
  tx: Transaction,
  entitlements: Entitlements,
  caller: AccessCaller,
  request: TalkStartRequest,
  now: Date,
): Promise<string | null> {
  const character = await loadRecognition(tx, request.character_id);
  if (!character) throw talkErrors.talkCharacterNotFound();
  if (request.ticket_use_token !== undefined) {
    const claims = entitlements.ticketUseOf(
      request.ticket_use_token,
      { userId: caller.sub, characterId: character._id },
      now,
    );
    if (!claims) throw talkErrors.ticketForbidden();
    if (await openTicketUses(tx).findOne({ _id: claims.use_id })) throw talkErrors.ticketUseTaken();
    return claims.use_id;
  }
  if (request.btn === MIC_TEST_BTN) return null;
  const access = await entitlements.accessOf(tx, {
    character: { id: character._id, price: character.price ?? 0, group_id: character.group_id ?? null },
    caller,
    now,
  });
  if (access === 'none') throw talkErrors.ticketRequired();
  return null;
}
