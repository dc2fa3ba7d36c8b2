import { blockVideoReferences } from '@talkwith/dialogue-engine';
import type { FileStore, Transaction } from '@talkwith/platform';
import type { CopyCollision, CopyTargetResult } from '@talkwith/proto/catalog';
import type { Block } from '@talkwith/proto/dialogue';
import { mediaKeys, openCharacters } from '../characters.ts';
import { blockOf, localId, openBlocks, openCategories, openGroups, openVideos, type VideoDoc } from '../model.ts';
import { audited, type AdminActor, type AuthoringPorts } from '../audit.ts';
import { requireCharacter } from './character-admin.ts';
import { droppedReferences, withoutReferences } from './references.ts';
import { blockErrors } from '../errors.ts';

/** What is copied: the chosen blocks of the source and the source videos they name. */
interface CopySet {
  blocks: Block[];
  videos: VideoDoc[];
}

async function copySetOf(tx: Transaction, sourceId: string, blockIds: string[]): Promise<CopySet> {
  await requireCharacter(tx, sourceId);
  const ids = [...new Set(blockIds)];
  const blocks = (await openBlocks(tx).find({ character_id: sourceId, id: { $in: ids } })).map(blockOf);
  const missing = ids.filter((id) => !blocks.some((b) => b.id === id));
  if (missing.length > 0) throw blockErrors.copyUnknownSource(missing);
  const videoIds = [...new Set(blocks.flatMap((b) => blockVideoReferences(b).map((r) => r.id)))];
  const videos = await openVideos(tx).find({ character_id: sourceId, id: { $in: videoIds } });
  return { blocks, videos };
}

async function checkTargets(tx: Transaction, sourceId: string, targetIds: string[], set: CopySet): Promise<void> {
  if (targetIds.includes(sourceId)) throw blockErrors.copyToSelf();
  const found = await openCharacters(tx).find({ _id: { $in: targetIds } }, { projection: { _id: 1 } });
  const unknown = targetIds.filter((id) => !found.some((c) => c._id === id));
  if (unknown.length > 0) throw blockErrors.copyTargetNotFound(unknown);
  const collisions: CopyCollision[] = [];
  for (const target of targetIds) {
    const [blocks, videos] = await Promise.all([
      openBlocks(tx).find(
        { character_id: target, id: { $in: set.blocks.map((b) => b.id) } },
        { projection: { id: 1 } },
      ),
      openVideos(tx).find(
        { character_id: target, id: { $in: set.videos.map((v) => v.id) } },
        { projection: { id: 1 } },
      ),
    ]);
    collisions.push(
      ...blocks.map((b) => ({ character_id: target, kind: 'block' as const, id: b.id })),
      ...videos.map((v) => ({ character_id: target, kind: 'video' as const, id: v.id })),
    );
  }
  if (collisions.length > 0) {
    throw blockErrors.copyCollision(collisions);
  }
}

/** Inserts the copies into one target; a reference to a block neither copied nor in the target is cleared and listed. */
async function copyInto(tx: Transaction, target: string, set: CopySet): Promise<CopyTargetResult> {
  const targetBlocks = await openBlocks(tx).find({ character_id: target }, { projection: { id: 1 } });
  const keep = {
    blocks: new Set([...set.blocks.map((b) => b.id), ...targetBlocks.map((b) => b.id)]),
    videos: new Set(set.videos.map((v) => v.id)),
  };
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
  const titles = new Set(videos.map((v) => v.title.replace(/\.mp4$/i, '')));
  const subtitles = (await files.list(source.subtitlesPrefix))
    .map((f) => f.key.slice(source.subtitlesPrefix.length))
    .filter((rest) => titles.has(rest.split('/')[1]?.replace(/\.vtt$/, '') ?? ''));
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
    await checkTargets(tx, sourceId, targets, found);
    return found;
  });
  const created = await copyFiles(ports.files, sourceId, targets, set.videos);
  try {
    return await audited(
      ports,
      actor,
      'blocks.copied',
      async (tx) => {
        await checkTargets(tx, sourceId, targets, set);
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
