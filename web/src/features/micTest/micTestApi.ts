import type { CharacterList, PlayableCharacter } from '@talkwith/proto/catalog';
import { api } from '../../api/index.ts';

/** The character whose mic-test dialogue /mic_test starts (`/full/chat/{slug}?mic_test=1`). */
export interface MicTestCharacter {
  slug: string;
  name: string;
}

/** How many published characters are looked at before giving up (each is one GET). */
const MAX_LOOKED_AT = 12;

/**
 * The first published, playable character whose setting names a mic-test
 * block (`for_mic_test`): the menu list (GET /api/characters) does not carry
 * settings, so the playable characters are fetched one by one until one has it.
 */
export const micTestApi = api.injectEndpoints({
  endpoints: (build) => ({
    micTestCharacter: build.query<MicTestCharacter | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const list = await baseQuery('characters');
        if (list.error) return { error: list.error };
        // The gateway's reply as proto/catalog types it (baseQuery does not know response types).
        const candidates = (list.data as CharacterList).characters
          .filter((c) => c.playable && c.slug)
          .slice(0, MAX_LOOKED_AT);
        for (const candidate of candidates) {
          const served = await baseQuery(`characters/by-slug/${encodeURIComponent(candidate.slug ?? '')}`);
          const character = served.data ? (served.data as PlayableCharacter).character : null;
          if (character?.slug && character.dialogue.setting.for_mic_test)
            return { data: { slug: character.slug, name: character.name } };
        }
        return { data: null };
      },
    }),
  }),
});

export const { useMicTestCharacterQuery } = micTestApi;
