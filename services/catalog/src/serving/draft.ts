import type { FastifyReply } from 'fastify';
import type { DocumentStore, FileStore, Platform } from '@talkwith/platform';
import type { PlayableCharacter } from '@talkwith/proto/catalog';
import { openCharacters, type Character } from '../characters.ts';
import { draftCharacterOf } from '../model.ts';
import { playableFrom } from '../playable.ts';
import { recognitionSnapshot } from '../recognition-snapshot.ts';
import type { ServingDeps } from './access.ts';
import { characterErrors } from '../errors.ts';

export interface DraftServingDeps extends ServingDeps {
  files: FileStore;
  events: Platform['events'];
}

/**
 * The draft as an operator tries it (the console's simulator, or a preview of
 * /full/chat of an unpublished or priced character): the same shape as the
 * published character, access `draft`, every clip and subtitle signed for
 * this operator (the files route refuses a draft's clips unsigned:
 * media-guard.ts). `character.draft_tried` hands the draft's recognition to
 * dialogue, which indexes it apart for the admin-only draft search and score.
 * Nothing is written for customers: no talk, no ticket, no log, no insight.
 */
export async function draftToTry(
  deps: DraftServingDeps,
  c: Character,
  operatorId: string,
  reply: FastifyReply,
): Promise<PlayableCharacter> {
  const dialogue = await draftCharacterOf(deps.store, c);
  if (dialogue.blocks.length === 0) throw characterErrors.noBlocksYet();
  await deps.store.withTransaction((tx) =>
    deps.events.publish(
      'character.draft_tried',
      c._id,
      {
        character_id: c._id,
        recognition: recognitionSnapshot(c._id, dialogue),
      },
      tx,
    ),
  );
  reply.header('set-cookie', deps.signing.userCookie(operatorId, { path: deps.filesPrefix, operator: true }));
  reply.header('cache-control', 'private, no-store');
  const media = { signedFor: { user: operatorId, expiresAt: deps.signing.expiryFrom() } };
  return playableFrom(c, dialogue, deps.files, { access: 'draft', locked: new Set(), media });
}

/** The character an operator asks to try, by id or URL name (unpublished ones too). */
export async function characterToTry(store: DocumentStore, by: { id: string } | { slug: string }): Promise<Character> {
  const found = await openCharacters(store).findOne('id' in by ? { _id: by.id } : { slug: by.slug });
  if (!found) throw characterErrors.notFound();
  return found;
}
