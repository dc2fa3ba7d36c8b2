import type { PlayableCharacter } from '@talkwith/proto/catalog';
import type {
  ScoreReply,
  ScoreRequest,
  SearchReply,
  SearchRequest,
  UnderstandReply,
  UnderstandRequest,
} from '@talkwith/proto/dialogue';
import { adminUrl, api } from '../../api/index.ts';
import type { AppDispatch } from '../../app/store.ts';
import type { RecognitionPort } from './ports.ts';

type WithBase<T> = T & { base: string };

/**
 * An operator trying the draft (services/catalog serving/draft.ts, services/dialogue
 * recognition/draft.ts): the draft served as a playable character (access
 * `draft`), and search and score on it, behind the admin prefix. Asking for the
 * draft also indexes its blocks for the draft search, so it is a mutation, asked
 * afresh each time a try opens.
 */
export const draftApi = api.injectEndpoints({
  endpoints: (build) => ({
    tryDraft: build.mutation<PlayableCharacter, WithBase<{ characterId: string }>>({
      query: ({ base, characterId }) => ({
        url: adminUrl(base, `characters/${encodeURIComponent(characterId)}/try`),
        method: 'POST',
      }),
    }),
    tryDraftBySlug: build.mutation<PlayableCharacter, WithBase<{ slug: string }>>({
      query: ({ base, slug }) => ({
        url: adminUrl(base, `characters/by-slug/${encodeURIComponent(slug)}/try`),
        method: 'POST',
      }),
    }),
    draftSearch: build.mutation<SearchReply, WithBase<SearchRequest>>({
      query: ({ base, ...body }) => ({ url: adminUrl(base, 'dialogue/draft/search'), method: 'POST', body }),
    }),
    draftScore: build.mutation<ScoreReply, WithBase<ScoreRequest>>({
      query: ({ base, ...body }) => ({ url: adminUrl(base, 'dialogue/draft/score'), method: 'POST', body }),
    }),
    draftUnderstand: build.mutation<UnderstandReply, WithBase<UnderstandRequest>>({
      query: ({ base, ...body }) => ({ url: adminUrl(base, 'dialogue/draft/understand'), method: 'POST', body }),
    }),
  }),
});

export const { useTryDraftMutation, useTryDraftBySlugMutation } = draftApi;

/**
 * The runner's recognition port on the draft: search, score and understanding (readings, base forms) through the
 * admin-only draft routes; an unanswered utterance is not reported (a try
 * writes no insight). A failure rejects, which the runner turns into the
 * engine's requestFailed as in the player.
 */
export function draftRecognition(dispatch: AppDispatch, base: string): RecognitionPort {
  return {
    search: async (request) =>
      (await dispatch(draftApi.endpoints.draftSearch.initiate({ base, ...request })).unwrap()).hits,
    score: async (request) =>
      (await dispatch(draftApi.endpoints.draftScore.initiate({ base, ...request })).unwrap()).score,
    understand: async (request) =>
      (await dispatch(draftApi.endpoints.draftUnderstand.initiate({ base, ...request })).unwrap()).matches,
    unmatched: async () => undefined,
  };
}
