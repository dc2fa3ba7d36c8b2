import type { DocumentStore } from '@talkwith/platform';
import type { ActionDefinition } from '@talkwith/proto/dialogue';
import { loadRecognition, openRecognitionCharacters, type RecognitionCharacterDoc } from './characters.ts';
import { recognitionErrors } from '../errors.ts';

const actionIn = (character: RecognitionCharacterDoc | null, code: string): ActionDefinition | undefined =>
  character?.recognition.actions.find((action) => action.code === code);

/**
 * `get action` {code, character_id?} (API.md): the action button a code
 * stands for, from the published characters' recognition data. Without a
 * character the code is looked up in every published character (the first
 * by id when several use it). 404 ACTION_NOT_FOUND otherwise.
 */
export async function findAction(store: DocumentStore, code: string, characterId?: string): Promise<ActionDefinition> {
  const character =
    characterId !== undefined
      ? await loadRecognition(store, characterId)
      : ((
          await openRecognitionCharacters(store).find(
            { 'recognition.actions.code': code },
            { sort: { _id: 1 }, limit: 1 },
          )
        )[0] ?? null);
  const action = actionIn(character, code);
  if (!action) throw recognitionErrors.actionNotFound();
  return action;
}
