import type { SetSynonymsBody, SynonymCandidatesReply, SynonymsReply } from '@talkwith/proto/catalog';
import { adminUrl } from '../adminApi.ts';
import { blocksApi } from './blocksApi.ts';

type WithBase<T> = T & { base: string };
const synonymsPath = (characterId: string) => `characters/${encodeURIComponent(characterId)}/synonyms`;

/**
 * The character's synonym groups (services/catalog/API.md § Synonyms). They
 * are character-level, saved at once (not with the block's form), and patched
 * into the block editor's cached character so every block shows them.
 */
export const synonymsApi = blocksApi.injectEndpoints({
  endpoints: (build) => ({
    setSynonyms: build.mutation<SynonymsReply, WithBase<{ characterId: string } & SetSynonymsBody>>({
      query: ({ base, characterId, word, synonyms }) => ({
        url: adminUrl(base, synonymsPath(characterId)),
        method: 'PUT',
        body: { word, synonyms },
      }),
      invalidatesTags: ['AdminCharacter'],
      onQueryStarted: async (arg, { dispatch, queryFulfilled }) => {
        const outcome = await queryFulfilled.catch(() => null);
        if (!outcome) return;
        dispatch(
          blocksApi.util.updateQueryData(
            'blockEditorCharacter',
            { base: arg.base, characterId: arg.characterId },
            (d) => {
              d.character.synonyms = outcome.data.synonyms;
            },
          ),
        );
      },
    }),
    synonymCandidates: build.mutation<SynonymCandidatesReply, WithBase<{ characterId: string; words: string[] }>>({
      query: ({ base, characterId, words }) => ({
        url: adminUrl(base, `${synonymsPath(characterId)}/candidates`),
        method: 'POST',
        body: { words },
      }),
    }),
  }),
});

export const { useSetSynonymsMutation, useSynonymCandidatesMutation } = synonymsApi;
