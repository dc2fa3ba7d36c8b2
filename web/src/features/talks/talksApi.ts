import type { Static } from '@sinclair/typebox';
import type { CharacterList } from '@talkwith/proto/catalog';
import type { HistoryReply } from '@talkwith/proto/dialogue';
import { api } from '../../api/index.ts';

/**
 * The caller's talks (/chat): where they are with each character (POST
 * /api/history, services/dialogue/API.md) and the published characters
 * (GET /api/characters) that give those places a name and a URL.
 */
export const talksApi = api.enhanceEndpoints({ addTagTypes: ['TalkHistory'] }).injectEndpoints({
  endpoints: (build) => ({
    /** SPEC.md §7 sends the user id; the server takes the caller from the token and refuses another id. */
    talkHistory: build.query<Static<typeof HistoryReply>, string>({
      query: (userId) => ({ url: 'history', method: 'POST', body: { user_id: userId } }),
      providesTags: ['TalkHistory'],
    }),
    talkCharacters: build.query<CharacterList, void>({ query: () => 'characters' }),
  }),
});

export const { useTalkHistoryQuery, useTalkCharactersQuery } = talksApi;
