import type { EventMap } from '@talkwith/proto';
import type { Character as DialogueCharacter } from '@talkwith/proto/dialogue';
import type { Character } from './characters.ts';
import { recognitionSnapshot } from './recognition-snapshot.ts';

type PublishedFacts = EventMap['character.published'];
type PricedAction = NonNullable<PublishedFacts['actions']>[number];

const CODE_MAX = 100;
const ACTIONS_MAX = 5000;

/**
 * The actions of a published snapshot that cost points (action buttons with
 * points > 0), one per code (the button's code, else its id, as the player
 * sends it). A code on several buttons costs the highest of their points: the
 * server never sells an action for less than a button of it says.
 */
export function pricedActionsOf(dialogue: Pick<DialogueCharacter, 'blocks'>): PricedAction[] {
  const prices = new Map<string, number>();
  for (const block of dialogue.blocks) {
    for (const button of block.action_buttons) {
      const points = button.points ?? 0;
      const code = [...(button.code?.trim() || button.id)].slice(0, CODE_MAX).join('');
      if (points > 0 && code) prices.set(code, Math.max(points, prices.get(code) ?? 0));
    }
  }
  return [...prices].slice(0, ACTIONS_MAX).map(([code, points]) => ({ code, points }));
}

/** What `character.published` says of a snapshot (publishing, the demo seed and the start-up re-announcement build it here alike). */
export function publishedFactsOf(
  character: Pick<Character, '_id' | 'name' | 'name_i18n' | 'description' | 'price' | 'slug' | 'group_id'>,
  dialogue: DialogueCharacter,
  published: { at: string; version: number },
): PublishedFacts {
  return {
    character_id: character._id,
    name: character.name,
    ...(character.name_i18n ? { name_i18n: character.name_i18n } : {}),
    description: character.description,
    published_at: published.at,
    version: published.version,
    price: character.price ?? 0,
    group_id: character.group_id ?? null,
    ...(character.slug ? { slug: character.slug } : {}),
    recognition: recognitionSnapshot(character._id, dialogue),
    actions: pricedActionsOf(dialogue),
    block_ids: dialogue.blocks.map((b) => b.id),
  };
}
