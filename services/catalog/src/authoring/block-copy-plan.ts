import { blockBlockReferences, blockVideoReferences } from '@talkwith/dialogue-engine';
import type { DocumentStore, FileStore, Transaction } from '@talkwith/platform';
import type { CopyCollision, CopyPlanTarget, CopyPreviewReply, OutsideReference } from '@talkwith/proto/catalog';
import type { Block } from '@talkwith/proto/dialogue';
import { mediaKeys, openCharacters } from '../characters.ts';
import { blockOf, openBlocks, openVideos, type VideoDoc } from '../model.ts';
import type { AuthoringPorts } from '../audit.ts';
import { requireCharacter } from './character-admin.ts';
import { blockErrors } from '../errors.ts';

type StoreOrTx = DocumentStore | Transaction;

/** What is copied: the chosen blocks of the source and the source videos they name. */
export interface CopySet {
  blocks: Block[];
  videos: VideoDoc[];
}

/** The chosen blocks of the source and the clips they name; an unknown block id refuses (400, the ids listed). */
export async function copySetOf(tx: StoreOrTx, sourceId: string, blockIds: string[]): Promise<CopySet> {
  await requireCharacter(tx, sourceId);
  const ids = [...new Set(blockIds)];
  const blocks = (await openBlocks(tx).find({ character_id: sourceId, id: { $in: ids } })).map(blockOf);
  const missing = ids.filter((id) => !blocks.some((b) => b.id === id));
  if (missing.length > 0) throw blockErrors.copyUnknownSource(missing);
  const videoIds = [...new Set(blocks.flatMap((b) => blockVideoReferences(b).map((r) => r.id)))];
  const videos = await openVideos(tx).find({ character_id: sourceId, id: { $in: videoIds } });
  return { blocks, videos };
}

/** The targets' names by id; the source among them, or an unknown id, refuses (400 / 404, the ids listed). */
export async function requireTargets(
  tx: StoreOrTx,
  sourceId: string,
  targetIds: string[],
): Promise<Map<string, string>> {
  if (targetIds.includes(sourceId)) throw blockErrors.copyToSelf();
  const found = await openCharacters(tx).find({ _id: { $in: targetIds } }, { projection: { _id: 1, name: 1 } });
  const unknown = targetIds.filter((id) => !found.some((c) => c._id === id));
  if (unknown.length > 0) throw blockErrors.copyTargetNotFound(unknown);
  return new Map(found.map((c) => [c._id, c.name]));
}

/** The ids of the copy that the target already has (blocks and clips). */
export async function collisionsIn(tx: StoreOrTx, target: string, set: CopySet): Promise<CopyCollision[]> {
  const [blocks, videos] = await Promise.all([
    openBlocks(tx).find({ character_id: target, id: { $in: set.blocks.map((b) => b.id) } }, { projection: { id: 1 } }),
    openVideos(tx).find({ character_id: target, id: { $in: set.videos.map((v) => v.id) } }, { projection: { id: 1 } }),
  ]);
  return [
    ...blocks.map((b) => ({ character_id: target, kind: 'block' as const, id: b.id })),
    ...videos.map((v) => ({ character_id: target, kind: 'video' as const, id: v.id })),
  ];
}

/** What a copied block may still name in the target: the copied blocks and clips, and the target's own blocks. */
export async function keptIdsIn(tx: StoreOrTx, target: string, set: CopySet) {
  const targetBlocks = await openBlocks(tx).find({ character_id: target }, { projection: { id: 1 } });
  return {
    blocks: new Set([...set.blocks.map((b) => b.id), ...targetBlocks.map((b) => b.id)]),
    videos: new Set(set.videos.map((v) => v.id)),
  };
}

/** Transitions of the copied blocks that lead outside the copied set: kept when the target has that block, else cleared. */
function outsideReferences(set: CopySet, kept: { blocks: Set<string> }): OutsideReference[] {
  const copied = new Set(set.blocks.map((b) => b.id));
  return set.blocks.flatMap((b) =>
    blockBlockReferences(b)
      .filter((ref) => !copied.has(ref.id))
      .map((ref) => ({
        block_id: b.id,
        field: ref.field,
        id: ref.id,
        resolution: kept.blocks.has(ref.id) ? ('kept' as const) : ('cleared' as const),
      })),
  );
}

/** The source's subtitle files of the copied clips, as `{language}/{title}.vtt` (subtitles are stored under the title). */
export async function subtitleFilesOf(files: FileStore, sourceId: string, videos: VideoDoc[]): Promise<string[]> {
  const prefix = mediaKeys(sourceId).subtitlesPrefix;
  const titles = new Set(videos.map((v) => v.title.replace(/\.mp4$/i, '')));
  return (await files.list(prefix))
    .map((f) => f.key.slice(prefix.length))
    .filter((rest) => titles.has(rest.split('/')[1]?.replace(/\.vtt$/, '') ?? ''));
}

async function planTarget(tx: Transaction, target: string, name: string, set: CopySet): Promise<CopyPlanTarget> {
  const collisions = await collisionsIn(tx, target, set);
  return {
    character_id: target,
    name,
    blocks: set.blocks.map((b) => b.id),
    videos: set.videos.map((v) => ({ id: v.id, title: v.title })),
    subtitles: [],
    collisions: collisions.map(({ kind, id }) => ({ kind, id })),
    outside_references: outsideReferences(set, await keptIdsIn(tx, target, set)),
  };
}

/**
 * The dry run of a copy: per target, the blocks and clips (with their subtitle
 * files) it would create, the ids it already has (any one refuses the whole
 * copy, as the copy itself does), and what becomes of transitions that lead
 * outside the copied set. Refuses exactly what the copy refuses.
 */
export async function planCopy(
  ports: AuthoringPorts,
  sourceId: string,
  targetIds: string[],
  blockIds: string[],
): Promise<Omit<CopyPreviewReply, 'ok'>> {
  const targets = [...new Set(targetIds)];
  const plan = await ports.store.withTransaction(async (tx) => {
    const set = await copySetOf(tx, sourceId, blockIds);
    const names = await requireTargets(tx, sourceId, targets);
    const source = await requireCharacter(tx, sourceId);
    const planned: CopyPlanTarget[] = [];
    for (const target of targets) planned.push(await planTarget(tx, target, names.get(target) ?? target, set));
    return { source: { character_id: sourceId, name: source.name }, set, planned };
  });
  const subtitles = await subtitleFilesOf(ports.files, sourceId, plan.set.videos);
  return {
    source: plan.source,
    can_copy: plan.planned.every((t) => t.collisions.length === 0),
    targets: plan.planned.map((t) => ({ ...t, subtitles })),
  };
}
