import type { Transaction } from '@talkwith/platform';
import type { Character as DialogueCharacter } from '@talkwith/proto/dialogue';
import { openCharacters } from '../characters.ts';
import { localId, openBlocks, openVideos, type CharacterDraft, type VideoDoc } from '../model.ts';

/** The character-level lists of a whole dialogue character. */
export function draftListsOf(c: Pick<DialogueCharacter, keyof CharacterDraft>): CharacterDraft {
  return {
    startButtons: c.startButtons,
    slots: c.slots,
    summary: c.summary,
    kikiwasure: c.kikiwasure,
    replacement: c.replacement,
    random: c.random,
    conversations: c.conversations,
    ...(c.synonyms ? { synonyms: c.synonyms } : {}),
  };
}

/**
 * Replaces the character's block and video documents with those of `c` (its
 * ids re-owned by `characterId`). A video that stays keeps what only the
 * catalog stores about it (renditions, original URL, continuity report).
 */
export async function replaceDraftDocs(tx: Transaction, characterId: string, c: DialogueCharacter): Promise<void> {
  const now = new Date().toISOString();
  const previous = new Map((await openVideos(tx).find({ character_id: characterId })).map((v) => [v.id, v]));
  await openBlocks(tx).deleteMany({ character_id: characterId });
  await openVideos(tx).deleteMany({ character_id: characterId });
  if (c.blocks.length > 0) {
    await openBlocks(tx).insertMany(
      c.blocks.map((b) => ({ ...b, character_id: characterId, _id: localId(characterId, b.id), updated_at: now })),
    );
  }
  if (c.videos.length > 0) {
    await openVideos(tx).insertMany(
      c.videos.map((v): VideoDoc => {
        const before = previous.get(v.id);
        const extras = { paths: before?.paths, original_url: before?.original_url, continuity: before?.continuity };
        const kept = Object.fromEntries(Object.entries(extras).filter(([, value]) => value !== undefined));
        return {
          ...kept,
          ...v,
          character_id: characterId,
          _id: localId(characterId, v.id),
          created_at: before?.created_at ?? now,
          updated_at: now,
        };
      }),
    );
  }
}

/**
 * Characters stored before drafts existed hold only the published `dialogue`:
 * explode it into the draft (setting, lists, one document per block and video)
 * so the admin can edit them. Idempotent: only characters without a setting.
 */
export async function draftFromPublished(tx: Transaction, characterId: string): Promise<boolean> {
  const c = await openCharacters(tx).findOne({ _id: characterId });
  if (!c?.dialogue || c.setting) return false;
  await replaceDraftDocs(tx, characterId, c.dialogue);
  await openCharacters(tx).updateOne(
    { _id: characterId },
    {
      $set: {
        setting: { ...c.dialogue.setting, character_id: characterId },
        draft: draftListsOf(c.dialogue),
        published_version: c.published_version ?? (c.published_at ? 1 : 0),
        updated_at: new Date().toISOString(),
      },
    },
  );
  return true;
}

/** Clears the kikiwasure list and every block's kikiwasure_mode (removeKikiwasure). */
export async function clearKikiwasure(tx: Transaction, characterId: string): Promise<void> {
  const now = new Date().toISOString();
  await openCharacters(tx).updateOne({ _id: characterId }, { $set: { 'draft.kikiwasure': [], updated_at: now } });
  await openBlocks(tx).updateMany(
    { character_id: characterId, kikiwasure_mode: true },
    { $set: { kikiwasure_mode: false, updated_at: now } },
  );
}

/** Clears the summary and every block's summary_mode (removeSummary). */
export async function clearSummary(tx: Transaction, characterId: string): Promise<void> {
  const now = new Date().toISOString();
  await openCharacters(tx).updateOne(
    { _id: characterId },
    { $set: { 'draft.summary': { title: '', slot_names: [] }, updated_at: now } },
  );
  await openBlocks(tx).updateMany(
    { character_id: characterId, summary_mode: true },
    { $set: { summary_mode: false, updated_at: now } },
  );
}
