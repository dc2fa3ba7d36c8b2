import type { DocumentStore, Transaction } from '@talkwith/platform';
import { validateCharacter, type ValidationProblem } from '@talkwith/dialogue-engine';
import type { Character as DialogueCharacter } from '@talkwith/proto/dialogue';
import type { TestRunReport } from '@talkwith/proto/catalog';
import { openCharacters, type Character } from '../characters.ts';
import { draftCharacterOf } from '../model.ts';
import { publishedFactsOf } from '../published-event.ts';
import { announceGroups } from '../taxonomy/group-facts.ts';
import { audited, type AdminActor, type AuthoringPorts } from '../audit.ts';
import { requireCharacter } from './character-admin.ts';
import { recordVersion } from './versions.ts';
import { reportOf, testDocsOf, understandingForTests } from './character-tests.ts';
import { characterErrors } from '../errors.ts';

/** The draft as the engine's Character and every fault the validator finds in it. */
export async function checkedDraft(
  store: DocumentStore | Transaction,
  id: string,
): Promise<{ character: Character; draft: DialogueCharacter; faults: ValidationProblem[] }> {
  const character = await requireCharacter(store, id);
  const draft = await draftCharacterOf(store, character);
  return { character, draft, faults: validateCharacter(draft) };
}

/**
 * Every test of the character played against the draft; a failing one refuses
 * the publish (409 CHARACTER_TESTS_FAILED with the whole report) unless the
 * operator confirmed (`force`). Answers the report (the console shows it after the publish too).
 */
async function checkTests(
  tx: Transaction,
  id: string,
  draft: DialogueCharacter,
  force: boolean,
): Promise<TestRunReport> {
  const tests = await testDocsOf(tx, id);
  const report = reportOf(draft, tests, await understandingForTests(tests));
  if (report.passed || force) return report;
  throw characterErrors.testsFailed(report);
}

/**
 * Publishes the draft: refused (409 CHARACTER_INVALID with every fault) unless
 * the validator finds none, then (409 CHARACTER_TESTS_FAILED) when a test of
 * the character fails unless `force`; else it becomes the snapshot players
 * read, with the next version, kept in the version list (who, when, `note`)
 * and announced by `character.published` in the same transaction. Answers the
 * published character and the tests' report.
 */
export async function publishCharacter(
  ports: AuthoringPorts,
  actor: AdminActor,
  id: string,
  options: { note?: string; force?: boolean } = {},
): Promise<{ character: Character; tests: TestRunReport }> {
  const note = options.note ?? '';
  // The analyser's first load (about a second) happens before the transaction, not inside it.
  await understandingForTests(await testDocsOf(ports.store, id));
  return audited(
    ports,
    actor,
    'character.published',
    async (tx) => {
      const { character, draft, faults } = await checkedDraft(tx, id);
      if (faults.length > 0) {
        throw characterErrors.invalid(faults);
      }
      const tests = await checkTests(tx, id, draft, options.force === true);
      const now = new Date().toISOString();
      const version = (character.published_version ?? 0) + 1;
      await recordVersion(tx, character, {
        version,
        published_at: now,
        published_by: actor.adminId,
        note,
        dialogue: draft,
      });
      const published = await openCharacters(tx).findOneAndUpdate(
        { _id: id },
        { $set: { dialogue: draft, published_at: now, published_version: version, updated_at: now } },
        { projection: { dialogue: 0 } },
      );
      if (!published) throw characterErrors.notFound();
      await ports.events.publish(
        'character.published',
        id,
        publishedFactsOf(character, draft, { at: now, version }),
        tx,
      );
      await announceGroups(tx, ports.events, [character.group_id]);
      return { character: published, tests };
    },
    ({ character: c, tests }) => ({
      character_id: c._id,
      version: c.published_version,
      ...(note ? { note } : {}),
      ...(tests.failed > 0 ? { tests_failed: tests.failed } : {}),
    }),
  );
}

/** Takes the character out of the catalogue (public routes filter on published_at); the snapshot stays for a later publish to replace. */
export async function unpublishCharacter(ports: AuthoringPorts, actor: AdminActor, id: string): Promise<Character> {
  return audited(
    ports,
    actor,
    'character.unpublished',
    async (tx) => {
      const updated = await openCharacters(tx).findOneAndUpdate(
        { _id: id },
        { $set: { published_at: null, updated_at: new Date().toISOString() } },
        { projection: { dialogue: 0 } },
      );
      if (!updated) throw characterErrors.notFound();
      await ports.events.publish('character.unpublished', id, { character_id: id }, tx);
      await announceGroups(tx, ports.events, [updated.group_id]);
      return updated;
    },
    (c) => ({ character_id: c._id }),
  );
}
