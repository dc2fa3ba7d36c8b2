import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DocumentStore, Eventing, FileStore, Platform } from '@talkwith/platform';
import { contentTypeFor } from '@talkwith/platform/files';
import { demoAssetsDir, demoCharacter } from '@talkwith/dialogue-engine/demo';
import { draftFromPublished, draftListsOf, replaceDraftDocs } from './authoring/drafts.ts';
import { mediaKeys, openCharacters } from './characters.ts';
import { recognitionSnapshot } from './recognition-snapshot.ts';

interface ManifestEntry {
  id: string;
  path: string;
  subtitles: Record<string, string>;
}

export interface SeedResult {
  /** The character document was inserted (false: one with slug 'mirai' was already there). */
  inserted: boolean;
  /** Files copied into the files port (missing ones only). */
  copied: number;
  /** Characters that had only a published dialogue and now also have a draft. */
  drafted: number;
}

/** Every demo file as (source path under demoAssetsDir, key in the files port). */
async function demoFiles(characterId: string): Promise<Array<{ source: string; key: string }>> {
  const manifest = JSON.parse(await readFile(join(demoAssetsDir, 'manifest.json'), 'utf8')) as ManifestEntry[];
  const keys = mediaKeys(characterId);
  const files = [{ source: 'avatar.png', key: keys.avatar }];
  for (const entry of manifest) {
    files.push({ source: entry.path, key: keys.media(entry.path) });
    // The clip's first frame (scripts/demo-character/generate.ts writes posters/<id>.webp beside the videos).
    const poster = `posters/${entry.id}.webp`;
    if (existsSync(join(demoAssetsDir, poster))) files.push({ source: poster, key: keys.poster(entry.id) });
    // The committed subtitle paths already follow SPEC §2 ({character_id}/{language}/{name}.vtt under subtitles/).
    for (const path of Object.values(entry.subtitles)) files.push({ source: path, key: path });
  }
  return files;
}

async function copyMissing(files: FileStore, characterId: string): Promise<number> {
  let copied = 0;
  for (const { source, key } of await demoFiles(characterId)) {
    if (await files.stat(key)) continue;
    await files.put(key, await readFile(join(demoAssetsDir, source)), contentTypeFor(key));
    copied += 1;
  }
  return copied;
}

/** Inserts her (published, version 1, with the same draft to edit) and announces her in one transaction: a crash between the two cannot leave her unsearchable. */
async function insertDemo(store: DocumentStore, events: Eventing): Promise<boolean> {
  if (await openCharacters(store).findOne({ slug: demoCharacter.slug })) return false;
  const now = new Date().toISOString();
  try {
    await store.withTransaction(async (tx) => {
      await openCharacters(tx).insertOne({
        _id: demoCharacter.id, name: demoCharacter.name, description: 'TALK WITH のデモキャラクター', slug: demoCharacter.slug,
        avatar_key: mediaKeys(demoCharacter.id).avatar, dialogue: demoCharacter, published_at: now, created_at: now,
        price: demoCharacter.price, group_id: null, setting: demoCharacter.setting, draft: draftListsOf(demoCharacter), published_version: 1, updated_at: now,
      });
      await replaceDraftDocs(tx, demoCharacter.id, demoCharacter);
      await events.publish('character.published', demoCharacter.id, {
        character_id: demoCharacter.id, name: demoCharacter.name, description: 'TALK WITH のデモキャラクター', published_at: now, version: 1,
        price: demoCharacter.price ?? 0, slug: demoCharacter.slug, recognition: recognitionSnapshot(demoCharacter.id, demoCharacter),
        block_ids: demoCharacter.blocks.map((b) => b.id),
      }, tx);
    });
  } catch (err) {
    // Another replica seeded it between our read and our write.
    if ((err as { code?: string }).code === 'DUPLICATE_KEY') return false;
    throw err;
  }
  return true;
}

/** Gives every character stored before drafts existed (a `dialogue` but no `setting`) its draft, each in its own transaction. */
export async function draftPublishedCharacters(store: DocumentStore): Promise<number> {
  const pending = await openCharacters(store).find({ dialogue: { $exists: true }, setting: { $exists: false } }, { projection: { _id: 1 } });
  let drafted = 0;
  for (const { _id } of pending) if (await store.withTransaction((tx) => draftFromPublished(tx, _id))) drafted += 1;
  return drafted;
}

/**
 * Makes the demo character ミライ talkable and editable: inserts and publishes
 * her (with her draft) when no character has her slug, copies her media into
 * the files port when missing, and drafts characters stored before drafts
 * existed. Idempotent; runs on every catalog start.
 */
export async function seedDemoCharacter(platform: Pick<Platform, 'store' | 'files' | 'events'>): Promise<SeedResult> {
  const copied = await copyMissing(platform.files, demoCharacter.id);
  const inserted = await insertDemo(platform.store, platform.events);
  const drafted = await draftPublishedCharacters(platform.store);
  return { inserted, copied, drafted };
}
