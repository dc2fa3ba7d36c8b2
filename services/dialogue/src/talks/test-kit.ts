import { randomUUID } from 'node:crypto';
import { OUTBOX, type OutboxEntry } from '@talkwith/platform/eventing';
import { ticketUseProofs, TICKET_USE_TTL_SECONDS } from '@talkwith/platform';
import { TEST_JWT_SECRET, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import type { RecognitionBlock, SynonymGroup, TalkStartRequest } from '@talkwith/proto/dialogue';
import { loadRecognition } from '../recognition/characters.ts';

/** TEST SUPPORT: the talks area's API tests: callers, talks, steps and published characters, each with fresh ids. */
export function talksTestKit(svc: () => ServiceUnderTest) {
  const auth = (userId: string) => ({ authorization: `Bearer ${svc().tokenFor(userId)}` });
  const post = (userId: string, url: string, payload: object, headers: Record<string, string> = {}) =>
    svc().app.inject({ method: 'POST', url, headers: { ...auth(userId), ...headers }, payload });
  const start = (
    userId: string,
    body: Partial<TalkStartRequest> & { character_id: string },
    key: string = randomUUID(),
  ) => post(userId, '/api/dialogue/talks', { btn: 'start', ...body }, { 'idempotency-key': key });
  /** Publishes a character with these blocks (`block_id: title`), free unless `price` says, and waits until dialogue knows it. */
  async function publish(
    characterId: string,
    titles: Record<string, string>,
    version = 1,
    sale: {
      price?: number;
      group_id?: string | null;
      synonyms?: SynonymGroup[];
      /** Block id → its title's translations. */
      titleTranslations?: Record<string, RecognitionBlock['title_i18n']>;
    } = {},
  ): Promise<void> {
    const blocks: RecognitionBlock[] = Object.entries(titles).map(([block_id, title]) => ({
      block_id,
      title,
      ...(sale.titleTranslations?.[block_id] ? { title_i18n: sale.titleTranslations[block_id] } : {}),
      phrases: [title],
      spj_category: null,
      listen_next_block: [],
    }));
    await svc().platform.events.publish('character.published', characterId, {
      character_id: characterId,
      name: `name-${characterId}`,
      description: '',
      published_at: new Date().toISOString(),
      version,
      price: sale.price ?? 0,
      group_id: sale.group_id ?? null,
      recognition: {
        es_index_name: '',
        spj_url: '',
        spj_api_key: '',
        blocks,
        actions: [],
        ...(sale.synonyms ? { synonyms: sale.synonyms } : {}),
      },
    });
    await eventually(async () => (await loadRecognition(svc().platform.store, characterId))?.version === version);
  }
  /** The character, published free when dialogue does not know it yet (talks of the tracker, album and insight tests). */
  const known = async (characterId: string): Promise<void> => {
    if (!(await loadRecognition(svc().platform.store, characterId))) await publish(characterId, { b1: 'はじめまして' });
  };
  /** billing's use_token for a ticket use of `userId` with `characterId`, as POST /api/talk_tickets signs it. */
  const ticketToken = (userId: string, characterId: string, useId: string = randomUUID(), now?: Date): string =>
    ticketUseProofs(TEST_JWT_SECRET).sign(
      { use_id: useId, user_id: userId, character_id: characterId },
      { ttlSeconds: TICKET_USE_TTL_SECONDS, ...(now ? { now } : {}) },
    );
  const startedTalkId = async (
    userId: string,
    body: Partial<TalkStartRequest> & { character_id: string },
  ): Promise<string> => {
    await known(body.character_id);
    const res = await start(userId, body);
    if (res.statusCode !== 200) throw new Error(`start failed: ${res.body}`);
    return res.json().talk.talk_id as string;
  };
  const step = (
    userId: string,
    body: { character_id: string; block_id: string; talk_id?: string; utterance?: string; user_id?: string },
  ) => post(userId, '/api/conversation_tracker', { conversation_id: null, utterance: '', ...body });
  return {
    auth,
    post,
    start,
    startedTalkId,
    step,
    publish,
    known,
    ticketToken,
    release: (userId: string, talkId: string, reason = 'video failed') =>
      post(userId, `/api/dialogue/talks/${talkId}/release`, { reason }),
    end: (userId: string, talkId: string, reason = 'completed', total = 30) =>
      post(userId, `/api/dialogue/talks/${talkId}/end`, { reason, total_billed_time: total }),
    album: (userId: string, characterId: string) =>
      svc().app.inject({ method: 'GET', url: `/api/dialogue/album/${characterId}`, headers: auth(userId) }),
    eventsOf: async (type: string, userId: string) =>
      (await svc().platform.store.collection<OutboxEntry>(OUTBOX).find({ key: userId, type })).map(
        (entry) => entry.envelope,
      ),
  };
}

export const newId = (prefix: string): string => `${prefix}-${randomUUID()}`;

/** Waits until the clock has moved on, so two writes get different timestamps (orderings by time are then defined). */
export async function nextMillisecond(): Promise<void> {
  const now = Date.now();
  while (Date.now() === now) await new Promise((r) => setTimeout(r, 1));
}
