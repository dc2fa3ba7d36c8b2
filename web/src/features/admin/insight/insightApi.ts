import type { BlockInsightReply, UnmatchedInsightReply } from '@talkwith/proto/dialogue';
import { api } from '../../../api/index.ts';
import { adminUrl, type WithBase } from '../adminApi.ts';
import type { Period } from './period.ts';

const insightPath = (characterId: string, rest: string) => `insight/${encodeURIComponent(characterId)}/${rest}`;

/**
 * The insight reads (services/dialogue/API.md § Insight). Figures of a period
 * change as people talk, so they are kept only a minute once nobody looks.
 */
export const insightApi = api.injectEndpoints({
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
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useBlockInsightQuery, useUnmatchedInsightQuery } = insightApi;
