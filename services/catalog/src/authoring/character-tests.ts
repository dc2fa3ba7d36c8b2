import { randomUUID } from 'node:crypto';
import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import { playScript, type ScriptOptions } from '@talkwith/dialogue-engine';
import { matchPhrases, sharedUnderstanding, type Understanding } from '@talkwith/dialogue-engine/understanding';
import {
  CHARACTER_TESTS_MAX,
  type CharacterTest,
  type CharacterTestFile,
  type TestPatchBody,
  type TestResult,
  type TestRunReport,
  type TestStep,
} from '@talkwith/proto/catalog';
import type { Character as DialogueCharacter } from '@talkwith/proto/dialogue';
import { draftCharacterOf } from '../model.ts';
import { phrasesOf } from '../recognition-snapshot.ts';
import { audited, type AdminActor, type AuthoringPorts } from '../audit.ts';
import { requireCharacter } from './character-admin.ts';
import { characterErrors } from '../errors.ts';

/**
 * Tests of a character (proto catalog authoring-tests.ts), one document each
 * in `character_tests`, owned by the character's draft: exported and imported
 * with it, never part of a published version (a restored version is checked
 * against today's tests, which is the point of them).
 *
 * Where they run: here, in the catalog, with the engine itself
 * (dialogue-engine's playScript). Publishing must refuse a failing draft in
 * its own request, and services reach each other only through events, so the
 * runner cannot ask the dialogue service. It matches as a customer is
 * matched: literally first, as the player does, then by reading, base form
 * and synonym with the same understanding the dialogue service answers
 * players with (`@talkwith/dialogue-engine/understanding`, the block's
 * phrases as they are published). Search and SPJ scores need the dialogue
 * service's index: a step that depends on one is reported unchecked.
 * services/catalog/README.md, "Tests of a character".
 */
export type TestDoc = {
  _id: string;
  character_id: string;
  name: string;
  steps: TestStep[];
  created_at: string;
  updated_at: string;
};

export function openTests(store: DocumentStore | Transaction): Collection<TestDoc> {
  return store.collection<TestDoc>('character_tests');
}

export async function ensureTestIndexes(store: DocumentStore): Promise<void> {
  await openTests(store).createIndex({ character_id: 1, created_at: 1 });
}

const testOf = (doc: TestDoc): CharacterTest => ({
  id: doc._id,
  name: doc.name,
  steps: doc.steps,
  updated_at: doc.updated_at,
});

async function testDocs(store: DocumentStore | Transaction, characterId: string): Promise<TestDoc[]> {
  return openTests(store).find({ character_id: characterId }, { sort: { created_at: 1, _id: 1 } });
}

/** The character's tests, oldest first (publishing plays them in its transaction). */
export async function testDocsOf(store: DocumentStore | Transaction, characterId: string): Promise<CharacterTest[]> {
  return (await testDocs(store, characterId)).map(testOf);
}

export async function listTests(store: DocumentStore, characterId: string): Promise<CharacterTest[]> {
  await requireCharacter(store, characterId);
  return (await testDocs(store, characterId)).map(testOf);
}

/** Adds a test; a character holds at most CHARACTER_TESTS_MAX (409 TESTS_LIMIT). */
export async function addTest(
  ports: AuthoringPorts,
  actor: AdminActor,
  characterId: string,
  body: CharacterTestFile,
): Promise<CharacterTest> {
  return audited(
    ports,
    actor,
    'character.test_added',
    async (tx) => {
      await requireCharacter(tx, characterId);
      if ((await openTests(tx).countDocuments({ character_id: characterId })) >= CHARACTER_TESTS_MAX) {
        throw characterErrors.testsLimit(CHARACTER_TESTS_MAX);
      }
      const now = new Date().toISOString();
      const doc: TestDoc = {
        _id: randomUUID(),
        character_id: characterId,
        name: body.name.trim() || body.name,
        steps: body.steps,
        created_at: now,
        updated_at: now,
      };
      await openTests(tx).insertOne(doc);
      return testOf(doc);
    },
    (t) => ({ character_id: characterId, test_id: t.id, name: t.name }),
  );
}

/** Renames a test or replaces its steps; a test of another character is not found. */
export async function updateTest(
  ports: AuthoringPorts,
  actor: AdminActor,
  characterId: string,
  testId: string,
  patch: TestPatchBody,
): Promise<CharacterTest> {
  return audited(
    ports,
    actor,
    'character.test_updated',
    async (tx) => {
      const set = {
        ...(patch.name ? { name: patch.name.trim() || patch.name } : {}),
        ...(patch.steps ? { steps: patch.steps } : {}),
        updated_at: new Date().toISOString(),
      };
      const updated = await openTests(tx).findOneAndUpdate({ _id: testId, character_id: characterId }, { $set: set });
      if (!updated) throw characterErrors.testNotFound();
      return testOf(updated);
    },
    (t) => ({ character_id: characterId, test_id: t.id, fields: Object.keys(patch) }),
  );
}

export async function deleteTest(
  ports: AuthoringPorts,
  actor: AdminActor,
  characterId: string,
  testId: string,
): Promise<void> {
  await audited(
    ports,
    actor,
    'character.test_deleted',
    async (tx) => {
      const removed = await openTests(tx).deleteOne({ _id: testId, character_id: characterId });
      if (removed.deletedCount === 0) throw characterErrors.testNotFound();
    },
    () => ({ character_id: characterId, test_id: testId }),
  );
}

type TestScript = Pick<CharacterTest, 'id' | 'name' | 'steps'>;

/**
 * The server's understanding when a test says something (the analyser loads
 * once per process, about a second the first time, and is shared with the
 * dialogue service in one process); null when no test speaks.
 */
export async function understandingForTests(tests: readonly TestScript[]): Promise<Understanding | null> {
  return tests.some((t) => t.steps.some((s) => s.input.kind === 'say')) ? sharedUnderstanding() : null;
}

/** What the dialogue service would answer a player of this draft: the block's published phrases and the character's synonyms. */
function understandOn(character: DialogueCharacter, understanding: Understanding): ScriptOptions['understand'] {
  const phrases = new Map(character.blocks.map((b) => [b.id, phrasesOf(b)]));
  return (blockId, text) => matchPhrases(understanding, phrases.get(blockId) ?? [], character.synonyms ?? [], text);
}

/** Plays tests against a dialogue character (the draft): pass/fail per step, blocks named. */
export function reportOf(
  character: DialogueCharacter,
  tests: readonly TestScript[],
  understanding: Understanding | null = null,
): TestRunReport {
  const options: ScriptOptions = understanding ? { understand: understandOn(character, understanding) } : {};
  const results: TestResult[] = tests.map((t) => {
    const steps = playScript(character, t.steps, options);
    const unchecked = steps.at(-1)?.unchecked === true;
    const passed =
      (unchecked || steps.length === t.steps.length) && steps.every((s) => s.passed || s.unchecked === true);
    return { test_id: t.id, name: t.name, passed, unchecked, steps };
  });
  const failed = results.filter((r) => !r.passed).length;
  return {
    passed: failed === 0,
    total: results.length,
    failed,
    unchecked: results.filter((r) => r.unchecked).length,
    results,
  };
}

/** Runs every test of the character (or the one `testId`) against its draft. */
export async function runTests(
  store: DocumentStore | Transaction,
  characterId: string,
  testId?: string,
): Promise<TestRunReport> {
  const draft = await draftCharacterOf(store, await requireCharacter(store, characterId));
  const docs = await testDocs(store, characterId);
  const chosen = testId === undefined ? docs : docs.filter((d) => d._id === testId);
  if (testId !== undefined && chosen.length === 0) throw characterErrors.testNotFound();
  const tests = chosen.map(testOf);
  return reportOf(draft, tests, await understandingForTests(tests));
}

/** The tests as a character file carries them. */
export async function testFilesOf(
  store: DocumentStore | Transaction,
  characterId: string,
): Promise<CharacterTestFile[]> {
  return (await testDocs(store, characterId)).map((d) => ({ name: d.name, steps: d.steps }));
}

/** An import's tests replace the character's (new ids), in the import's transaction. */
export async function replaceTests(
  tx: Transaction,
  characterId: string,
  files: readonly CharacterTestFile[],
): Promise<void> {
  await openTests(tx).deleteMany({ character_id: characterId });
  const now = Date.now();
  // Distinct created_at keeps the file's order.
  const docs = files.map((f, i): TestDoc => {
    const at = new Date(now + i).toISOString();
    return {
      _id: randomUUID(),
      character_id: characterId,
      name: f.name,
      steps: f.steps,
      created_at: at,
      updated_at: at,
    };
  });
  if (docs.length > 0) await openTests(tx).insertMany(docs);
}
