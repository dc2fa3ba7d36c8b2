import { useState } from 'react';
import type { Block, Character } from '@talkwith/proto/dialogue';
import type { BlockPatch } from '@talkwith/proto/catalog';
import { changedFields, newBlockErrors, patchErrors, type FieldErrors } from './blockFields.ts';
import {
  useCreateBlockMutation,
  useDeleteBlockMutation,
  useUpdateBlockLockMutation,
  useUpdateBlockMutation,
} from './blocksApi.ts';
import { serverErrorOf, type ServerError } from './serverError.ts';

export type SaveOutcome = 'saved' | 'unchanged' | 'invalid' | 'failed';

/**
 * What the side panel does with the server: checks the draft against the proto
 * schema first (nothing is sent while it fails), then POST for a new block or
 * PUT with only the changed fields, lock/unlock and delete.
 */
export function useBlockSave(base: string, character: Character, original: Block | null) {
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<ServerError | null>(null);
  const [create, creating] = useCreateBlockMutation();
  const [update, updating] = useUpdateBlockMutation();
  const [lock, locking] = useUpdateBlockLockMutation();
  const [remove, removing] = useDeleteBlockMutation();
  const characterId = character.id;

  async function run(call: () => Promise<{ error?: unknown }>, fallback: string): Promise<boolean> {
    setServerError(null);
    const outcome = await call();
    const error = serverErrorOf(outcome.error as Parameters<typeof serverErrorOf>[0], fallback);
    setServerError(error);
    return error === null;
  }

  async function save(draft: Block, fallback: string): Promise<SaveOutcome> {
    if (original === null) {
      const errors = newBlockErrors(draft);
      if (character.blocks.some((b) => b.id === draft.id)) errors.id ??= { key: 'duplicate', values: {} }; // a rule the schema cannot know
      setFieldErrors(errors);
      if (Object.keys(errors).length > 0) return 'invalid';
      return (await run(() => create({ base, characterId, block: draft }), fallback)) ? 'saved' : 'failed';
    }
    const patch = changedFields(original, draft);
    const errors = patchErrors(patch);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return 'invalid';
    if (Object.keys(patch).length === 0) return 'unchanged';
    return (await run(() => update({ base, characterId, blockId: original.id, patch: patch as BlockPatch }), fallback))
      ? 'saved'
      : 'failed';
  }

  const setLocked = (blockId: string, locked: boolean, fallback: string) =>
    run(
      () => lock({ base, characterId, lockBlockIds: locked ? [blockId] : [], unlockBlockIds: locked ? [] : [blockId] }),
      fallback,
    );

  const destroy = (blockId: string, force: boolean, fallback: string) =>
    run(() => remove({ base, characterId, blockId, force }), fallback);

  const busy = creating.isLoading || updating.isLoading || locking.isLoading || removing.isLoading;
  return { save, setLocked, destroy, fieldErrors, serverError, busy };
}
