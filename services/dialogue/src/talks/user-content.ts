import type { DocumentStore } from '@talkwith/platform';
import type {
  AdminAlbumReply,
  AlbumContent,
  ContentId,
  HistoryContent,
  TalksContent,
  UsersContentReply,
} from '@talkwith/proto/dialogue';
import { openRecognitionCharacters, type RecognitionCharacterDoc } from '../recognition/characters.ts';
import { albumOf } from './album.ts';
import { openAlbum, openTalks, openTracker } from './model.ts';
import { talkView } from './talks.ts';
import { trackerView } from './tracker.ts';

/** Operators' views of what a user made in talks (API.md § Users' content). */

const LATEST_TALKS = 50;
type Characters = Map<string, RecognitionCharacterDoc>;

async function charactersOf(store: DocumentStore, ids: string[]): Promise<Characters> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  return new Map((await openRecognitionCharacters(store).find({ _id: { $in: unique } })).map((c) => [c._id, c]));
}

/** A character dialogue no longer knows (unpublished) is shown by its id. */
const nameOf = (characters: Characters, id: string) => characters.get(id)?.name ?? id;

/** full/users/{id}/{character_id}/album: the user's album of one published character, as the user sees it, with its name. */
export async function adminAlbumOf(
  store: DocumentStore,
  userId: string,
  characterId: string,
): Promise<AdminAlbumReply> {
  const album = await albumOf(store, userId, characterId);
  const characters = await charactersOf(store, [characterId]);
  return { ...album, user_id: userId, name: nameOf(characters, characterId) };
}

async function historyContent(store: DocumentStore, userId: string): Promise<HistoryContent> {
  const places = await openTracker(store).find({ user_id: userId }, { sort: { updated_at: -1, _id: 1 } });
  const characters = await charactersOf(
    store,
    places.map((p) => p.character_id),
  );
  const items = places.map((place) => {
    const block = characters.get(place.character_id)?.recognition.blocks.find((b) => b.block_id === place.block_id);
    return { ...trackerView(place), name: nameOf(characters, place.character_id), block_title: block?.title ?? null };
  });
  return { id: 1, kind: 'talk_history', items };
}

async function albumContent(store: DocumentStore, userId: string): Promise<AlbumContent> {
  const rows = await openAlbum(store).find({ user_id: userId });
  const characters = await charactersOf(
    store,
    rows.map((r) => r.character_id),
  );
  const items: AlbumContent['items'] = [];
  for (const [characterId, character] of characters) {
    const known = new Set(character.recognition.blocks.map((b) => b.block_id));
    const found = rows.filter((r) => r.character_id === characterId && known.has(r.block_id));
    if (found.length === 0) continue;
    const lastAt =
      found
        .flatMap((r) => [r.played_first_at, r.serial_at])
        .filter((t): t is string => t !== undefined)
        .sort()
        .at(-1) ?? '';
    const total = known.size;
    items.push({
      character_id: characterId,
      name: character.name,
      found: found.length,
      total,
      share: found.length / total,
      last_at: lastAt,
    });
  }
  return { id: 2, kind: 'album', items: items.sort((a, b) => b.last_at.localeCompare(a.last_at)) };
}

async function talksContent(store: DocumentStore, userId: string): Promise<TalksContent> {
  const talks = openTalks(store);
  const [latest, total] = await Promise.all([
    talks.find({ user_id: userId }, { sort: { started_at: -1, _id: -1 }, limit: LATEST_TALKS }),
    talks.countDocuments({ user_id: userId }),
  ]);
  const characters = await charactersOf(
    store,
    latest.map((t) => t.character_id),
  );
  return {
    id: 3,
    kind: 'talks',
    total,
    items: latest.map((t) => ({ ...talkView(t), name: nameOf(characters, t.character_id), end_reason: t.end_reason })),
  };
}

const CONTENT: Record<
  ContentId,
  (store: DocumentStore, userId: string) => Promise<UsersContentReply['contents'][number]>
> = {
  1: historyContent,
  2: albumContent,
  3: talksContent,
};

/** users_content by {id}: the contents asked (default 1, 2, 3), in that order. An unknown user simply has none. */
export async function usersContent(store: DocumentStore, userId: string, ids: ContentId[]): Promise<UsersContentReply> {
  return { ok: true, user_id: userId, contents: await Promise.all(ids.map((id) => CONTENT[id](store, userId))) };
}
