import { createHash, randomUUID } from 'node:crypto';
import type { AccessCaller, DocumentStore, Entitlements, Eventing, Transaction } from '@talkwith/platform';
import type { EndReason, Talk, TalkStartRequest } from '@talkwith/proto/dialogue';
import { admitTalk } from './admission.ts';
import { talkErrors } from '../errors.ts';
import { openTalks, openTicketUses, type TalkDoc } from './model.ts';

/**
 * The talk's life (API.md § Talks): started → replied (first tracked step) →
 * ended, or released before any reply (billing gives the ticket back). Each
 * change and its event commit in one transaction (outbox).
 */

export interface TalkPorts {
  store: DocumentStore;
  events: Eventing;
}

export interface StartPorts extends TalkPorts {
  entitlements: Entitlements;
}

export interface StartTalk {
  userId: string;
  roles: AccessCaller['roles'];
  idempotencyKey: string;
  request: TalkStartRequest;
  now?: Date;
}

export function talkView(doc: TalkDoc): Talk {
  return {
    talk_id: doc._id,
    character_id: doc.character_id,
    btn: doc.btn,
    status: doc.status,
    ticket_use_id: doc.ticket_use_id,
    started_at: doc.started_at,
    replied_at: doc.replied_at,
    ended_at: doc.ended_at,
    total_billed_time: doc.total_billed_time,
  };
}

const startKeyOf = (userId: string, key: string): string =>
  createHash('sha256').update(`${userId}\u0000${key}`).digest('base64url');
const digestOf = (token: string | undefined): string | null =>
  token === undefined ? null : createHash('sha256').update(token).digest('base64url');
const fingerprintOf = (r: TalkStartRequest): string =>
  JSON.stringify([r.character_id, r.btn, digestOf(r.ticket_use_token), r.resumed_from ?? null]);

function replay(doc: TalkDoc, fingerprint: string): Talk {
  if (doc.fingerprint !== fingerprint) throw talkErrors.keyReused();
  return talkView(doc);
}

/**
 * Starts a talk once per (user, Idempotency-Key): a retry, or a concurrent
 * twin whose insert collides on `start_key`, answers the talk the first made.
 * A ticket use backs one talk only, or a replied talk's ticket could be
 * released through a second, empty talk. Who may start it: admission.ts
 * (a retry answers the first talk even after its ticket proof expired).
 */
export async function startTalk({ store, events, entitlements }: StartPorts, start: StartTalk): Promise<Talk> {
  const start_key = startKeyOf(start.userId, start.idempotencyKey);
  const fingerprint = fingerprintOf(start.request);
  try {
    return await store.withTransaction(async (tx) => {
      const earlier = await openTalks(tx).findOne({ start_key });
      if (earlier) return replay(earlier, fingerprint);
      const ticketUseId = await admitTalk(
        tx,
        entitlements,
        { sub: start.userId, roles: start.roles },
        start.request,
        start.now ?? new Date(),
      );
      return insertTalk(tx, events, start, ticketUseId, { start_key, fingerprint });
    });
  } catch (err) {
    if ((err as { code?: string }).code !== 'DUPLICATE_KEY') throw err;
    const winner = await openTalks(store).findOne({ start_key });
    if (winner) return replay(winner, fingerprint);
    throw talkErrors.ticketUseTaken();
  }
}

/** The ticket use is bound here; a concurrent twin naming the same use collides on its `_id` (409 after the retry above). */
async function insertTalk(
  tx: Transaction,
  events: Eventing,
  start: StartTalk,
  ticket_use_id: string | null,
  keys: { start_key: string; fingerprint: string },
): Promise<Talk> {
  const { character_id, btn, resumed_from = null } = start.request;
  const _id = randomUUID();
  if (ticket_use_id !== null)
    await openTicketUses(tx).insertOne({ _id: ticket_use_id, talk_id: _id, user_id: start.userId });
  const started_at = (start.now ?? new Date()).toISOString();
  const doc = await openTalks(tx).insertOne({
    _id,
    user_id: start.userId,
    character_id,
    btn,
    status: 'started',
    ticket_use_id,
    resumed_from,
    ...keys,
    started_at,
    replied_at: null,
    released_at: null,
    release_reason: null,
    ended_at: null,
    end_reason: null,
    total_billed_time: 0,
  });
  await events.publish(
    'talk.started',
    start.userId,
    { talk_id: _id, user_id: start.userId, character_id, btn, ticket_use_id, started_at },
    tx,
  );
  return talkView(doc);
}

/** The caller's talk, or 404 (another user's talk is not told apart from a missing one). */
export async function ownTalk(tx: Transaction, userId: string, talkId: string): Promise<TalkDoc> {
  const talk = await openTalks(tx).findOne({ _id: talkId, user_id: userId });
  if (!talk) throw talkErrors.talkNotFound();
  return talk;
}

export interface ReleaseTalk {
  userId: string;
  talkId: string;
  reason: string;
  now?: Date;
}

/**
 * The talk failed before its first reply: released, and `talk.released` tells
 * billing to give its ticket back. Releasing a released talk answers it again
 * (no second event); a talk with a tracked step keeps its ticket (409).
 */
export async function releaseTalk({ store, events }: TalkPorts, release: ReleaseTalk): Promise<Talk> {
  return store.withTransaction(async (tx) => {
    const talk = await ownTalk(tx, release.userId, release.talkId);
    if (!releasable(talk)) return talkView(talk);
    const released_at = (release.now ?? new Date()).toISOString();
    const changed = await openTalks(tx).findOneAndUpdate(
      { _id: talk._id, replied_at: null, status: { $ne: 'released' } },
      { $set: { status: 'released', released_at, release_reason: release.reason } },
    );
    // A concurrent step or release got there first: answer as if this call came second.
    if (!changed) return settled(await ownTalk(tx, release.userId, release.talkId));
    const { user_id, character_id, ticket_use_id } = changed;
    await events.publish(
      'talk.released',
      user_id,
      { talk_id: talk._id, user_id, character_id, ticket_use_id, reason: release.reason, released_at },
      tx,
    );
    return talkView(changed);
  });
}

/** Whether a talk may still be released: a released one is answered as it is (false), a replied one refused. */
function releasable(talk: TalkDoc): boolean {
  if (talk.status === 'released') return false;
  if (talk.replied_at !== null) throw talkErrors.alreadyReplied();
  return true;
}

function settled(talk: TalkDoc): Talk {
  releasable(talk);
  return talkView(talk);
}

export interface EndTalk {
  userId: string;
  talkId: string;
  reason: EndReason;
  totalBilledTime: number;
  now?: Date;
}

/**
 * Records how the talk ended and its billed time. The first end is kept (a
 * second answers it unchanged, without an event). A released talk stays
 * released: the player may report the end of a talk it also released.
 */
export async function endTalk({ store, events }: TalkPorts, end: EndTalk): Promise<Talk> {
  return store.withTransaction(async (tx) => {
    const talk = await ownTalk(tx, end.userId, end.talkId);
    if (talk.ended_at !== null) return talkView(talk);
    const ended_at = (end.now ?? new Date()).toISOString();
    const status = talk.status === 'released' ? 'released' : 'ended';
    const changed = await openTalks(tx).findOneAndUpdate(
      { _id: talk._id, ended_at: null },
      { $set: { status, ended_at, end_reason: end.reason, total_billed_time: end.totalBilledTime } },
    );
    if (!changed) return talkView(await ownTalk(tx, end.userId, end.talkId));
    const { user_id, character_id } = changed;
    await events.publish(
      'talk.ended',
      user_id,
      {
        talk_id: talk._id,
        user_id,
        character_id,
        reason: end.reason,
        total_billed_time: end.totalBilledTime,
        ended_at,
      },
      tx,
    );
    return talkView(changed);
  });
}
