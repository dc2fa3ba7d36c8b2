import { Value } from '@sinclair/typebox/value';
import type { DocumentStore, Transaction } from '@talkwith/platform';
import type { AppError } from '@talkwith/platform';
import type { CredentialCipher } from '@talkwith/platform/secrets';
import {
  CharacterTestFiles,
  ImportCharacter,
  type CharacterExport,
  type ImportChanges,
  type ImportError,
} from '@talkwith/proto/catalog';
import type { Character as DialogueCharacter } from '@talkwith/proto/dialogue';
import { SECRET_SETTING_FIELDS } from '@talkwith/proto/dialogue';
import { openCharacters } from '../characters.ts';
import { refuseSerialBlockRemoval } from '../serial-gates.ts';
import { draftCharacterOf } from '../model.ts';
import { audited, type AdminActor, type AuthoringPorts } from '../audit.ts';
import { requireCharacter } from './character-admin.ts';
import { draftListsOf, replaceDraftDocs } from './drafts.ts';
import { checkBlockReferences } from './references.ts';
import { dangling, mergedCredential } from './settings.ts';
import { replaceTests, testFilesOf } from './character-tests.ts';
import { characterErrors } from '../errors.ts';

/** The draft as a file with the character's tests: importable as it is, credentials emptied. */
export async function exportOf(store: DocumentStore, id: string): Promise<CharacterExport> {
  const draft = await draftCharacterOf(store, await requireCharacter(store, id));
  return {
    ...draft,
    setting: { ...draft.setting, spj_api_key: '', google_key: '' },
    tests: await testFilesOf(store, id),
  };
}

const MAX_LISTED_ERRORS = 20;

function importInvalid(errors: ImportError[]): AppError {
  return characterErrors.importInvalid(errors);
}

/** The file as a Character (defaults filled), or 400 IMPORT_INVALID listing where it differs from the schema. */
export function parsedImport(file: unknown): DialogueCharacter {
  const candidate = Value.Default(ImportCharacter, Value.Clone(file));
  if (Value.Check(ImportCharacter, candidate)) return candidate;
  throw importInvalid(
    [...Value.Errors(ImportCharacter, candidate)]
      .slice(0, MAX_LISTED_ERRORS)
      .map((e) => ({ path: e.path || '/', message: e.message })),
  );
}

/** The file's tests apart from its character (undefined: the file has none, the character keeps its own). */
function splitTests(file: unknown): { character: unknown; tests: CharacterTestFiles | undefined } {
  if (typeof file !== 'object' || file === null || Array.isArray(file) || !('tests' in file))
    return { character: file, tests: undefined };
  const { tests, ...character } = file as Record<string, unknown>;
  if (Value.Check(CharacterTestFiles, tests)) return { character, tests };
  throw importInvalid(
    [...Value.Errors(CharacterTestFiles, tests)]
      .slice(0, MAX_LISTED_ERRORS)
      .map((e) => ({ path: `/tests${e.path}`, message: e.message })),
  );
}

/**
 * The imported character owned by `characterId`. Credentials the file leaves
 * empty (an export) or masked (what `{id}/all` answers) keep the stored ones,
 * by the editor's rule (`mergedCredential`).
 */
function reowned(
  credentials: CredentialCipher,
  c: DialogueCharacter,
  characterId: string,
  stored: DialogueCharacter['setting'],
): DialogueCharacter {
  const setting = { ...c.setting, character_id: characterId };
  for (const field of SECRET_SETTING_FIELDS)
    setting[field] = mergedCredential(
      credentials,
      field,
      stored[field],
      setting[field] === '' ? undefined : setting[field],
    );
  return {
    ...c,
    id: characterId,
    setting,
    blocks: c.blocks.map((b) => ({ ...b, character_id: characterId })),
    videos: c.videos.map((v) => ({ ...v, character_id: characterId })),
    startButtons: c.startButtons.map((s) => ({ ...s, character_id: characterId })),
  };
}

/** Deep equality without Value.Equal's type guard (which would narrow the other side to never). */
const same = (a: unknown, b: unknown): boolean => Value.Equal(a, b);

function idChanges<T extends { id: string }>(before: T[], after: T[]) {
  const old = new Map(before.map((x) => [x.id, x]));
  const next = new Set(after.map((x) => x.id));
  return {
    added: after.filter((x) => !old.has(x.id)).map((x) => x.id),
    changed: after.filter((x) => old.has(x.id) && !same(old.get(x.id), x)).map((x) => x.id),
    removed: before.filter((x) => !next.has(x.id)).map((x) => x.id),
  };
}

export function changesBetween(before: DialogueCharacter, after: DialogueCharacter): ImportChanges {
  const settingKeys = Object.keys(after.setting) as Array<keyof DialogueCharacter['setting']>;
  const lists = draftListsOf(after);
  const oldLists = draftListsOf(before);
  return {
    blocks: idChanges(before.blocks, after.blocks),
    videos: idChanges(before.videos, after.videos),
    settings: settingKeys.filter((k) => !same(before.setting[k], after.setting[k])),
    lists: (Object.keys(lists) as Array<keyof typeof lists>).filter((k) => !same(oldLists[k], lists[k])),
  };
}

/** Refuses an import whose blocks or setting name blocks, videos or start buttons the file does not have, or that uses an id twice. */
function checkImportReferences(c: DialogueCharacter): void {
  const duplicate = (ids: string[]) => ids.find((id, i) => ids.indexOf(id) !== i);
  const twice = duplicate(c.blocks.map((b) => b.id)) ?? duplicate(c.videos.map((v) => v.id));
  if (twice) throw characterErrors.importDuplicateId(twice);
  const known = { blocks: new Set(c.blocks.map((b) => b.id)), videos: new Set(c.videos.map((v) => v.id)) };
  for (const b of c.blocks) checkBlockReferences(b, known);
  const { standby_video_id: standby, for_mic_test: micTest, default_start_button_id: startButton } = c.setting;
  if (standby && !known.videos.has(standby)) throw dangling('setting.standby_video_id', standby);
  if (micTest && !known.blocks.has(micTest)) throw dangling('setting.for_mic_test', micTest);
  if (startButton && !c.startButtons.some((b) => b.id === startButton))
    throw dangling('setting.default_start_button_id', startButton);
}

/** A locked block cannot be edited, by an import either: changing or removing one is refused (409 BLOCK_LOCKED, listed). */
export function refuseLockedChanges(stored: DialogueCharacter, changes: ImportChanges): void {
  const touched = new Set([...changes.blocks.changed, ...changes.blocks.removed]);
  const locked = stored.blocks.filter((b) => b.is_edit_locked && touched.has(b.id)).map((b) => b.id);
  if (locked.length > 0) {
    throw characterErrors.importTouchesLocked(locked);
  }
}

/**
 * Imports a whole character into an existing one: the file is checked
 * against the proto Character, its references within itself, and what would
 * change is computed; unless `dryRun`, the blocks, videos, setting and lists
 * (and the tests, when the file carries them) are replaced in ONE transaction with the audit entry (nothing half-written).
 */
export async function importCharacter(
  ports: AuthoringPorts,
  credentials: CredentialCipher,
  actor: AdminActor,
  input: { character_id: string; dry_run: boolean; character: unknown },
): Promise<ImportChanges> {
  const { character: file, tests } = splitTests(input.character);
  const parsed = parsedImport(file);
  const plan = async (tx: Transaction) => {
    const stored = await draftCharacterOf(tx, await requireCharacter(tx, input.character_id));
    const next = reowned(credentials, parsed, input.character_id, stored.setting);
    checkImportReferences(next);
    const changes = changesBetween(stored, next);
    if (tests && !same(tests, await testFilesOf(tx, input.character_id))) changes.lists.push('tests');
    refuseLockedChanges(stored, changes);
    await refuseSerialBlockRemoval(tx, input.character_id, changes.blocks.removed);
    return { next, changes };
  };
  if (input.dry_run) return (await ports.store.withTransaction(plan)).changes;
  return audited(
    ports,
    actor,
    'character.imported',
    async (tx) => {
      const { next, changes } = await plan(tx);
      await replaceDraftDocs(tx, input.character_id, next);
      if (tests) await replaceTests(tx, input.character_id, tests);
      await openCharacters(tx).updateOne(
        { _id: input.character_id },
        { $set: { setting: next.setting, draft: draftListsOf(next), updated_at: new Date().toISOString() } },
      );
      return changes;
    },
    (changes) => ({
      character_id: input.character_id,
      blocks: changes.blocks,
      videos: changes.videos,
      settings: changes.settings,
      lists: changes.lists,
    }),
  );
}
