import type { Static } from '@sinclair/typebox';
import type { UsePointsBody, UsePointsReply } from '@talkwith/proto/billing';
import type {
  NextStartBlockReply,
  ScoreReply,
  ScoreRequest,
  SearchReply,
  SearchRequest,
  TalkEndRequest,
  TalkReleaseRequest,
  TalkReply,
  TalkStartRequest,
  TrackStepReply,
  TrackStepRequest,
  UnderstandReply,
  UnderstandRequest,
  UnmatchedReply,
  UnmatchedRequest,
} from '@talkwith/proto/dialogue';
import { api } from '../../api/index.ts';

type Talk = Static<typeof TalkReply>;
type Tracked = Static<typeof TrackStepReply>;

/** A call that must happen once per intent (a talk started, points spent): its body and its Idempotency-Key. */
export interface Keyed<T> {
  key: string;
  body: T;
}

/**
 * The dialogue service as the player calls it (services/dialogue/API.md):
 * recognition (public), the talk and the conversation tracker (signed in),
 * and billing's points use for a paid action button (SPEC.md §7 POST points
 * use {points, action_code, character_id, btn}).
 */
export const dialogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    dialogueSearch: build.mutation<SearchReply, SearchRequest>({
      query: (body) => ({ url: 'dialogue/search', method: 'POST', body }),
    }),
    dialogueScore: build.mutation<ScoreReply, ScoreRequest>({
      query: (body) => ({ url: 'dialogue/score', method: 'POST', body }),
    }),
    dialogueUnderstand: build.mutation<UnderstandReply, UnderstandRequest>({
      query: (body) => ({ url: 'dialogue/understand', method: 'POST', body }),
    }),
    reportUnmatched: build.mutation<Static<typeof UnmatchedReply>, UnmatchedRequest>({
      query: (body) => ({ url: 'dialogue/unmatched', method: 'POST', body }),
    }),
    startTalk: build.mutation<Talk, Keyed<TalkStartRequest>>({
      query: ({ key, body }) => ({ url: 'dialogue/talks', method: 'POST', body, headers: { 'Idempotency-Key': key } }),
    }),
    // keepalive: a release sent while the page goes away still reaches the server.
    releaseTalk: build.mutation<Talk, { talkId: string; body: Static<typeof TalkReleaseRequest> }>({
      query: ({ talkId, body }) => ({
        url: `dialogue/talks/${encodeURIComponent(talkId)}/release`,
        method: 'POST',
        body,
        keepalive: true,
      }),
    }),
    endTalk: build.mutation<Talk, { talkId: string; body: Static<typeof TalkEndRequest> }>({
      query: ({ talkId, body }) => ({
        url: `dialogue/talks/${encodeURIComponent(talkId)}/end`,
        method: 'POST',
        body,
        keepalive: true,
      }),
    }),
    trackStep: build.mutation<Tracked, TrackStepRequest>({
      query: (body) => ({ url: 'conversation_tracker', method: 'POST', body }),
    }),
    /** Where the caller left the character last time (null block: nothing to resume). Asked afresh on every visit. */
    nextStartBlock: build.query<NextStartBlockReply, { character_id: string; viewer: string }>({
      query: ({ character_id }) => ({ url: 'next_start_block', method: 'POST', body: { character_id } }),
      keepUnusedDataFor: 0,
    }),
    usePoints: build.mutation<UsePointsReply, Keyed<UsePointsBody> & { userId: string }>({
      query: ({ userId, key, body }) => ({
        url: `points/use/${encodeURIComponent(userId)}`,
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key },
      }),
      invalidatesTags: ['Wallet'],
    }),
  }),
});

export const { useNextStartBlockQuery, useUsePointsMutation } = dialogueApi;
