import { useParams, useSearchParams } from 'react-router';

/** `characters/previewVideo/{video_id}?character_id=` and `characters/details/{video_id}?character_id=`: which clip of which character. */
export function useVideoRoute(): { videoId: string; characterId: string } {
  const { video_id: videoId = '' } = useParams();
  const [params] = useSearchParams();
  return { videoId, characterId: params.get('character_id') ?? '' };
}
