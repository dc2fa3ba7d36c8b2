import type { SearchIndex } from '@talkwith/platform';
import type { EventOf } from '@talkwith/proto';

export const CHARACTER_INDEX = 'dialogue-characters';

export async function prepareCharacterIndex(search: SearchIndex): Promise<void> {
  // By reading too (ミライ, みらい, 未来), as Elasticsearch's kuromoji index reads them.
  await search.ensureIndex(
    CHARACTER_INDEX,
    { name: 'text', description: 'text', published_at: 'date' },
    { readings: true },
  );
}

/** character.published → searchable by name and description (an upsert: redelivery is harmless). */
export async function indexCharacter(search: SearchIndex, event: EventOf<'character.published'>): Promise<void> {
  const c = event.data;
  await search.upsert(CHARACTER_INDEX, c.character_id, {
    name: c.name,
    description: c.description,
    published_at: c.published_at,
  });
  await search.refresh(CHARACTER_INDEX);
}

/** character.unpublished → no longer found (removing an absent one is harmless, so redelivery is too). */
export async function unindexCharacter(search: SearchIndex, event: EventOf<'character.unpublished'>): Promise<void> {
  await search.remove(CHARACTER_INDEX, event.data.character_id);
  await search.refresh(CHARACTER_INDEX);
}

export async function searchCharacters(search: SearchIndex, text: string, size: number) {
  const result = await search.search<{ name: string; description: string }>(CHARACTER_INDEX, { text, size });
  return {
    total: result.total,
    hits: result.hits.map((h) => ({ character_id: h.id, name: h.doc.name, score: h.score })),
  };
}
