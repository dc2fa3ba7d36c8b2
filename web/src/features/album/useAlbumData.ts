import { selectUser } from '../../api/index.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { useAlbumCharacterQuery, useAlbumQuery } from './albumApi.ts';

/** The served character by its URL name, then what the caller found of it. */
export function useAlbumData(slug: string) {
  const user = useAppSelector(selectUser);
  const character = useAlbumCharacterQuery({ slug, viewer: user?.id ?? null }, { skip: !slug });
  const characterId = character.data?.character.id;
  const album = useAlbumQuery(characterId ?? '', { skip: !characterId });
  const notFound = character.isError && 'status' in character.error && character.error.status === 404;
  return {
    character: character.data?.character ?? null,
    album: album.data ?? null,
    loading: character.isLoading || album.isLoading,
    notFound,
    failed: (character.isError && !notFound) || album.isError,
    retry: () => {
      void character.refetch();
      if (characterId) void album.refetch();
    },
  };
}
