import type { CharacterSummary } from '@talkwith/proto/catalog';
import type { TrackerState } from '@talkwith/proto/dialogue';

/** One character the caller has talked with, as /chat lists it. */
export interface TalkEntry {
  character: CharacterSummary & { slug: string };
  state: TrackerState;
}

/**
 * The caller's places (newest first, as the server sends them) joined with the
 * published characters: a place with a character that is no longer published,
 * or has no URL name, cannot be resumed and is left out.
 */
export function talkEntries(history: readonly TrackerState[], characters: readonly CharacterSummary[]): TalkEntry[] {
  const byId = new Map(characters.map((character) => [character.id, character]));
  const entries: TalkEntry[] = [];
  for (const state of history) {
    const character = byId.get(state.character_id);
    if (character?.slug) entries.push({ character: { ...character, slug: character.slug }, state });
  }
  return entries;
}

/** A date and time as the reader's language writes them. */
export function formatWhen(iso: string, language: string): string {
  return new Date(iso).toLocaleString(language, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
