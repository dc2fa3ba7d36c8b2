import type { FileStore, Transaction } from '@talkwith/platform';
import type { CopyCollision, CopyTargetResult } from '@talkwith/proto/catalog';
import { mediaKeys, openCharacters } from '../characters.ts';
import { localId, openBlocks, openCategories, openGroups, openVideos, type VideoDoc } from '../model.ts';
import { audited, type AdminActor, type AuthoringPorts } from '../audit.ts';
import {
  collisionsIn,
  copySetOf,
  keptIdsIn,
  requireTargets,
  subtitleFilesOf,
  type CopySet,
} from './block-copy-plan.ts';
import { droppedReferences, withoutReferences } from './references.ts';
import { blockErrors } from '../errors.ts';

/** Refuses (409 COPY_COLLISION, every collision listed) when any target already has an id of the copy. */
async function refuseCollisions(tx: Transaction, targetIds: string[], set: CopySet): Promise<void> {
  const collisions: CopyCollision[] = [];
  for (const target of targetIds) collisions.push(...(await collisionsIn(tx, target, set)));
  if (collisions.length > 0) {
    throw blockErrors.copyCollision(collisions);
  }
}

/** Inserts the copies into one target; a reference to a block neither copied nor in the target is cleared and listed. */
async function copyInto(tx: Transaction, target: string, set: CopySet): Promise<CopyTargetResult> {
  const keep = await keptIdsIn(tx, target, set);
  const dropped = set.blocks.flatMap((b) => droppedReferences(b, keep));
  const now = new Date().toISOString();
  const blocks = set.blocks.map((b) =>
    withoutReferences(b, (ref) => !(keep.blocks.has(ref.id) || keep.videos.has(ref.id))),
  );
  await openBlocks(tx).insertMany(
    blocks.map((b) => ({ ...b, character_id: target, _id: localId(target, b.id), updated_at: now })),
  );
  if (set.videos.length > 0) {
    await openVideos(tx).insertMany(
      set.videos.map((v) => ({
        ...v,
        character_id: target,
        _id: localId(target, v.id),
        original_id: v.id,
        continuity: null,
        created_at: now,
        updated_at: now,
      })),
    );
  }
  return {
    character_id: target,
    blocks: blocks.map((b) => b.id),
    videos: set.videos.map((v) => v.id),
    dropped_references: dropped,
  };
}

/** Source → target keys of the copied videos' files, posters and subtitles ({language}/{title without .mp4}.vtt). */
async function fileCopies(
  files: FileStore,
  sourceId: string,
  target: string,
  videos: VideoDoc[],
): Promise<Array<[string, string]>> {
  const [source, keys] = [mediaKeys(sourceId), mediaKeys(target)];
  const subtitles = await subtitleFilesOf(files, sourceId, videos);
  return [
    ...videos.flatMap((v): Array<[string, string]> => [
      [source.media(v.path), keys.media(v.path)],
      [source.poster(v.id), keys.poster(v.id)],
    ]),
    ...subtitles.map((rest): [string, string] => [
      `${source.subtitlesPrefix}${rest}`,
      `${keys.subtitlesPrefix}${rest}`,
    ]),
  ];
}

/** Copies those files into each target (never over an existing one); returns the keys it created. */
async function copyFiles(
  files: FileStore,
  sourceId: string,
  targetIds: string[],
  videos: VideoDoc[],
): Promise<string[]> {
  const created: string[] = [];
  for (const target of targetIds) {
    for (const [from, to] of await fileCopies(files, sourceId, target, videos)) {
      const stat = await files.stat(from);
      if (!stat || (await files.stat(to))) continue;
      await files.put(to, await files.read(from), stat.contentType);
      created.push(to);
    }
  }
  return created;
}

/**
 * Copies blocks (and the videos they name, with their files, posters and
 * subtitles) from one character
 * to others. Every target is checked first: one collision refuses the whole
 * copy. Files are copied before the transaction (the store's transaction may
 * not wait on other I/O) and removed again when it fails.
 */
export async function copyBlocks(
  ports: AuthoringPorts,
  actor: AdminActor,
  sourceId: string,
  targetIds: string[],
  blockIds: string[],
): Promise<CopyTargetResult[]> {
  const targets = [...new Set(targetIds)];
  const set = await ports.store.withTransaction(async (tx) => {
    const found = await copySetOf(tx, sourceId, blockIds);
    await requireTargets(tx, sourceId, targets);
    await refuseCollisions(tx, targets, found);
    return found;
  });
  const created = await copyFiles(ports.files, sourceId, targets, set.videos);
  try {
    return await audited(
      ports,
      actor,
      'blocks.copied',
      async (tx) => {
        await requireTargets(tx, sourceId, targets);
        await refuseCollisions(tx, targets, set);
        const results: CopyTargetResult[] = [];
        for (const target of targets) results.push(await copyInto(tx, target, set));
        return results;
      },
      (results) => ({
        character_id: sourceId,
        targets: results.map((r) => ({
          character_id: r.character_id,
          blocks: r.blocks.length,
          videos: r.videos.length,
        })),
      }),
    );
  } catch (err) {
    await Promise.all(created.map((key) => ports.files.delete(key)));
    throw err;
  }
}

/** The characters of every group of a category (the copy/{category_id} targets), the source left out. */
export async function categoryCharacterIds(
  ports: AuthoringPorts,
  categoryId: string,
  sourceId: string,
): Promise<string[]> {
  if (!(await openCategories(ports.store).findOne({ _id: categoryId }))) throw blockErrors.copyCategoryNotFound();
  const groups = await openGroups(ports.store).find({ category_id: categoryId }, { projection: { _id: 1 } });
  const characters = await openCharacters(ports.store).find(
    { group_id: { $in: groups.map((g) => g._id) } },
    { projection: { _id: 1 } },
  );
  return characters.map((c) => c._id).filter((id) => id !== sourceId);
}
