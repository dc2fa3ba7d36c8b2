import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import type { CharacterDiff, CharacterVersion } from '@talkwith/proto/catalog';
import type { Character as DialogueCharacter } from '@talkwith/proto/dialogue';
import { openCharacters, type Character } from '../characters.ts';
import { draftCharacterOf } from '../model.ts';
import { refuseSerialBlockRemoval } from '../serial-gates.ts';
import { audited, type AdminActor, type AuthoringPorts } from '../audit.ts';
import { requireCharacter } from './character-admin.ts';
import { draftListsOf, replaceDraftDocs } from './drafts.ts';
import { changesBetween, refuseLockedChanges } from './import-export.ts';
import { characterDiff, nothingPublished } from './version-diff.ts';
import { characterErrors } from '../errors.ts';

/**
 * Every publish is kept in `character_versions` (`_id` = `{character_id}:{version}`),
 * the snapshot as players got it (credentials sealed as in the draft). Versions
 * are read by the console only: players read `characters.dialogue`.
 */
export type VersionDoc = {
  _id: string;
  character_id: string;
  version: number;
  published_at: string;
  published_by: string | null;
  note: string;
  dialogue: DialogueCharacter;
};

export function openVersions(store: DocumentStore | Transaction): Collection<VersionDoc> {
  return store.collection<VersionDoc>('character_versions');
}

export async function ensureVersionIndexes(store: DocumentStore): Promise<void> {
  await openVersions(store).createIndex({ character_id: 1, version: -1 });
}

/**
 * Keeps a publish as a version, in the publish's transaction. The snapshot it
 * replaces is kept first when it never was (a character published before
 * versions were kept, or the seeded demo), so it stays restorable.
 */
export async function recordVersion(
  tx: Transaction,
  character: Character,
  entry: Omit<VersionDoc, '_id' | 'character_id'>,
): Promise<void> {
  const previous = character.published_version ?? 0;
  if (previous > 0 && !(await openVersions(tx).findOne({ _id: `${character._id}:${previous}` }))) {
    const full = await openCharacters(tx).findOne({ _id: character._id }, { projection: { dialogue: 1 } });
    if (full?.dialogue) {
      await openVersions(tx).insertOne({
        _id: `${character._id}:${previous}`,
        character_id: character._id,
        version: previous,
        published_at: character.published_at ?? character.updated_at ?? entry.published_at,
        published_by: null,
        note: '',
        dialogue: full.dialogue,
      });
    }
  }
  await openVersions(tx).insertOne({ ...entry, character_id: character._id, _id: `${character._id}:${entry.version}` });
}

/**
 * The versions, newest first. A character published before versions were
 * kept has only its live snapshot: it is listed as that version (who unknown).
 */
export async function listVersions(store: DocumentStore, id: string): Promise<CharacterVersion[]> {
  const character = await requireCharacter(store, id);
  const kept = await openVersions(store).find(
    { character_id: id },
    { sort: { version: -1 }, projection: { dialogue: 0 }, limit: 500 },
  );
  const live = character.published_at ? (character.published_version ?? 0) : 0;
  const versions = kept.map((v) => ({
    version: v.version,
    published_at: v.published_at,
    published_by: v.published_by,
    note: v.note,
    live: v.version === live,
  }));
  const current = character.published_version ?? 0;
  if (current > 0 && !kept.some((v) => v.version === current)) {
    versions.unshift({
      version: current,
      published_at: character.published_at ?? character.updated_at ?? '',
      published_by: null,
      note: '',
      live: current === live,
    });
  }
  return versions;
}

/** A version's snapshot: a kept one, or the live snapshot for the current version (kept before versions were). */
async function snapshotOf(
  store: DocumentStore | Transaction,
  character: Character,
  version: number,
): Promise<DialogueCharacter> {
  const kept = await openVersions(store).findOne({ _id: `${character._id}:${version}` });
  if (kept) return kept.dialogue;
  if (version === character.published_version) {
    const full = await openCharacters(store).findOne({ _id: character._id }, { projection: { dialogue: 1 } });
    if (full?.dialogue) return full.dialogue;
  }
  throw characterErrors.versionNotFound(version);
}

/** The published snapshot players read (or had, if unpublished since), undefined when never published. */
async function liveSnapshotOf(store: DocumentStore, id: string): Promise<DialogueCharacter | undefined> {
  return (await openCharacters(store).findOne({ _id: id }, { projection: { dialogue: 1 } }))?.dialogue;
}

/** What the draft changes from `version` (default: the live snapshot). */
export async function diffWithDraft(store: DocumentStore, id: string, version?: number): Promise<CharacterDiff> {
  const character = await requireCharacter(store, id);
  const draft = await draftCharacterOf(store, character);
  if (version !== undefined) return characterDiff(await snapshotOf(store, character, version), draft, version);
  const live = await liveSnapshotOf(store, id);
  if (!live) return characterDiff(nothingPublished(draft), draft, null);
  return characterDiff(live, draft, character.published_version ?? null);
}

/** Whether the console should say 「未公開の変更あり」: only for a character that has a published snapshot. */
export async function draftDiffers(store: DocumentStore, id: string): Promise<boolean> {
  const live = await liveSnapshotOf(store, id);
  if (!live) return false;
  return !(await diffWithDraft(store, id)).same;
}

/**
 * Writes version `version` into the draft (blocks, clips, setting, lists) in
 * one transaction with its audit entry. Nothing players, tickets or albums
 * read is touched: the published snapshot changes at the next publish only.
 * Like an import, it may not change a locked block nor drop a serial's block.
 */
export async function restoreVersion(
  ports: AuthoringPorts,
  actor: AdminActor,
  id: string,
  version: number,
): Promise<CharacterDiff> {
  return audited(
    ports,
    actor,
    'character.version_restored',
    async (tx) => {
      const character = await requireCharacter(tx, id);
      const stored = await draftCharacterOf(tx, character);
      const snapshot = await snapshotOf(tx, character, version);
      // Locks say who may edit now, not what a version holds: the draft's stay.
      const lockedNow = new Set(stored.blocks.filter((b) => b.is_edit_locked).map((b) => b.id));
      const next: DialogueCharacter = {
        ...snapshot,
        setting: { ...snapshot.setting, character_id: id },
        blocks: snapshot.blocks.map((b) => ({ ...b, is_edit_locked: lockedNow.has(b.id) })),
      };
      const changes = changesBetween(stored, next);
      refuseLockedChanges(stored, changes);
      await refuseSerialBlockRemoval(tx, id, changes.blocks.removed);
      await replaceDraftDocs(tx, id, next);
      await openCharacters(tx).updateOne(
        { _id: id },
        { $set: { setting: next.setting, draft: draftListsOf(next), updated_at: new Date().toISOString() } },
      );
      return characterDiff(stored, next, version);
    },
    (diff) => ({
      character_id: id,
      version,
      blocks: {
        added: diff.blocks.added.map((b) => b.id),
        removed: diff.blocks.removed.map((b) => b.id),
        changed: diff.blocks.changed.map((b) => b.id),
      },
      settings: diff.settings.map((s) => s.field),
      lists: diff.lists.map((l) => l.field),
    }),
  );
}
