import type {
  BlockInsightReply,
  MatchedInsightQuery,
  MatchedInsightReply,
  MatchKind,
  UnmatchedInsightReply,
} from '@talkwith/proto/dialogue';
import { adminUrl, type WithBase } from '../adminApi.ts';
import { charactersApi } from '../characters/charactersApi.ts';
import type { Period } from './period.ts';

/** What the matched list asks: the page's period and block, and its own way, order and page. */
export interface MatchedArgs {
  characterId: string;
  period: Period;
  blockId: string | null;
  match: MatchKind | null;
  sort: MatchedInsightQuery['sort'];
  page: number;
}

/** Understood utterances shown a page at a time. */
export const MATCHED_PER_PAGE = 50;

const insightPath = (characterId: string, rest: string) => `insight/${encodeURIComponent(characterId)}/${rest}`;

/**
 * The insight reads (services/dialogue/API.md § Insight). Figures of a period
 * change as people talk, so they are kept only a minute once nobody looks. The
 * unmatched groups are read again when the character is published
 * (charactersApi's AdminInsight tag): a fix just published marks its group resolved.
 */
export const insightApi = charactersApi.injectEndpoints({
  endpoints: (build) => ({
    blockInsight: build.query<BlockInsightReply, WithBase<{ characterId: string; period: Period }>>({
      query: ({ base, characterId, period }) => ({
        url: adminUrl(base, insightPath(characterId, 'blocks')),
        params: { ...period },
      }),
      keepUnusedDataFor: 60,
    }),
    unmatchedInsight: build.query<
      UnmatchedInsightReply,
      WithBase<{ characterId: string; period: Period; blockId: string | null }>
    >({
      query: ({ base, characterId, period, blockId }) => ({
        url: adminUrl(base, insightPath(characterId, 'unmatched')),
        params: { ...period, ...(blockId ? { block_id: blockId } : {}) },
      }),
      providesTags: (_result, _error, { characterId }) => [{ type: 'AdminInsight', id: characterId }],
      keepUnusedDataFor: 60,
    }),
    matchedInsight: build.query<MatchedInsightReply, WithBase<MatchedArgs>>({
      query: ({ base, characterId, period, blockId, match, sort, page }) => ({
        url: adminUrl(base, insightPath(characterId, 'matched')),
        params: {
          ...period,
          ...(blockId ? { block_id: blockId } : {}),
          ...(match ? { match } : {}),
          sort,
          page,
          per_page: MATCHED_PER_PAGE,
        },
      }),
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useBlockInsightQuery, useMatchedInsightQuery, useUnmatchedInsightQuery } = insightApi;
