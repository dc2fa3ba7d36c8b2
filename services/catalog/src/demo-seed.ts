import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DocumentStore, Eventing, FileStore, Platform } from '@talkwith/platform';
import { contentTypeFor } from '@talkwith/platform/files';
import { demoAssetsDir, demoCharacter, demoTests, soraAssetsDir, soraCharacter } from '@talkwith/dialogue-engine/demo';
import type { CharacterTestFile } from '@talkwith/proto/catalog';
import type { Character as DialogueCharacter } from '@talkwith/proto/dialogue';
import type { Translations } from '@talkwith/proto/identity';
import { draftFromPublished, draftListsOf, replaceDraftDocs } from './authoring/drafts.ts';
import { replaceTests } from './authoring/character-tests.ts';
import { mediaKeys, openCharacters } from './characters.ts';
import { publishedFactsOf } from './published-event.ts';

interface ManifestEntry {
  id: string;
  path: string;
  subtitles: Record<string, string>;
}

/** A demo character the catalog seeds: its snapshot, its store-page description and its committed media. */
export interface DemoSeed {
  character: DialogueCharacter;
  description: string;
  /** The name and description in the other interface languages. */
  name_i18n: Translations;
  description_i18n: Translations;
  assetsDir: string;
  /** The tests it ships with (a route or ladder each), run before each publish. */
  tests: readonly CharacterTestFile[];
}

/** ミライ (free) and ソラ (¥300, a 5-point action): services/dialogue-engine/demo/README.md. */
export const DEMO_SEEDS: readonly DemoSeed[] = [
  {
    character: demoCharacter,
    description: 'TALK WITH のデモキャラクター',
    assetsDir: demoAssetsDir,
    tests: demoTests,
    name_i18n: { 'en-US': 'Mirai', 'fil-PH': 'Mirai', 'zh-TW': '未來' },
    description_i18n: {
      'en-US': 'The TALK WITH demo character',
      'fil-PH': 'Ang demo character ng TALK WITH',
      'zh-TW': 'TALK WITH 的示範角色',
    },
  },
  {
    character: soraCharacter,
    description: 'TALK WITH の有料デモキャラクター。星占いが得意なソラと話せます（特別占いは5ポイント）。',
    assetsDir: soraAssetsDir,
    tests: [],
    name_i18n: { 'en-US': 'Sora', 'fil-PH': 'Sora', 'zh-TW': '小空' },
    description_i18n: {
      'en-US':
        'The paid TALK WITH demo character. Talk with Sora, who is good at astrology (a special fortune costs 5 points).',
      'fil-PH':
        'Ang may-bayad na demo character ng TALK WITH. Makipag-usap kay Sora, na magaling sa astrolohiya (5 puntos ang espesyal na hula).',
      'zh-TW': 'TALK WITH 的付費示範角色。可以和擅長星座占卜的小空聊天（特別占卜需要 5 點）。',
    },
  },
];

export interface SeedResult {
  /** Slugs of the demo characters inserted now ([]: every one was already there, by slug). */
  inserted: string[];
  /** Files copied into the files port (missing ones only). */
  copied: number;
  /** Characters that had only a published dialogue and now also have a draft. */
  drafted: number;
  /** Demo characters seeded before translations existed that now have their name and description translated. */
  translated: number;
}

/** Every demo file as (source path under the demo's assets folder, key in the files port). */
async function demoFiles(demo: DemoSeed): Promise<Array<{ source: string; key: string }>> {
  const manifest = JSON.parse(await readFile(join(demo.assetsDir, 'manifest.json'), 'utf8')) as ManifestEntry[];
  const keys = mediaKeys(demo.character.id);
  const files = [{ source: 'avatar.png', key: keys.avatar }];
  for (const entry of manifest) {
    files.push({ source: entry.path, key: keys.media(entry.path) });
    // The clip's first frame (scripts/demo-character/generate.ts writes posters/<id>.webp beside the videos).
    const poster = `posters/${entry.id}.webp`;
    if (existsSync(join(demo.assetsDir, poster))) files.push({ source: poster, key: keys.poster(entry.id) });
    // The committed subtitle paths already follow SPEC §2 ({character_id}/{language}/{name}.vtt under subtitles/).
    for (const path of Object.values(entry.subtitles)) files.push({ source: path, key: path });
  }
  return files;
}

async function copyMissing(files: FileStore, demo: DemoSeed): Promise<number> {
  let copied = 0;
  for (const { source, key } of await demoFiles(demo)) {
    if (await files.stat(key)) continue;
    await files.put(key, await readFile(join(demo.assetsDir, source)), contentTypeFor(key));
    copied += 1;
  }
  return copied;
}

/**
 * Inserts the demo character (published, version 1, with the same draft to
 * edit) and announces it in one transaction: a crash between the two cannot
 * leave it unsearchable or unpriced. Skipped when a character has its slug.
 */
async function insertDemo(store: DocumentStore, events: Eventing, demo: DemoSeed): Promise<boolean> {
  const { character: c, description, name_i18n, description_i18n } = demo;
  if (await openCharacters(store).findOne({ slug: c.slug })) return false;
  const now = new Date().toISOString();
  const doc = {
    _id: c.id,
    name: c.name,
    name_i18n,
    description,
    description_i18n,
    slug: c.slug,
    avatar_key: mediaKeys(c.id).avatar,
    dialogue: c,
    published_at: now,
    created_at: now,
    price: c.price ?? 0,
    group_id: null,
    setting: c.setting,
    draft: draftListsOf(c),
    published_version: 1,
    updated_at: now,
  };
  try {
    await store.withTransaction(async (tx) => {
      await openCharacters(tx).insertOne(doc);
      await replaceDraftDocs(tx, c.id, c);
      await replaceTests(tx, c.id, demo.tests);
      await events.publish('character.published', c.id, publishedFactsOf(doc, c, { at: now, version: 1 }), tx);
    });
  } catch (err) {
    // Another replica seeded it between our read and our write.
    if ((err as { code?: string }).code === 'DUPLICATE_KEY') return false;
    throw err;
  }
  return true;
}

/**
 * A demo character seeded before translations existed has none (insertDemo
 * skips a slug already there), so its name stays Japanese in every language:
 * gives it the seed's name and description translations. Only where it has
 * none, so an operator's own translations are never overwritten.
 */
async function translateDemo(store: DocumentStore, demo: DemoSeed): Promise<boolean> {
  const { character: c, name_i18n, description_i18n } = demo;
  const characters = openCharacters(store);
  const untranslated = { _id: c.id, slug: c.slug };
  let changed = false;
  if (
    (await characters.updateOne({ ...untranslated, name_i18n: { $exists: false } }, { $set: { name_i18n } }))
      .modifiedCount
  )
    changed = true;
  if (
    (
      await characters.updateOne(
        { ...untranslated, description_i18n: { $exists: false } },
        { $set: { description_i18n } },
      )
    ).modifiedCount
  )
    changed = true;
  return changed;
}

/** Gives every character stored before drafts existed (a `dialogue` but no `setting`) its draft, each in its own transaction. */
export async function draftPublishedCharacters(store: DocumentStore): Promise<number> {
  const pending = await openCharacters(store).find(
    { dialogue: { $exists: true }, setting: { $exists: false } },
    { projection: { _id: 1 } },
  );
  let drafted = 0;
  for (const { _id } of pending) if (await store.withTransaction((tx) => draftFromPublished(tx, _id))) drafted += 1;
  return drafted;
}

/**
 * Makes the demo characters (ミライ, free; ソラ, ¥300) talkable and editable:
 * inserts and publishes each (with its draft) when no character has its slug,
 * copies its media into the files port when missing, and drafts characters
 * stored before drafts existed. Idempotent; runs on every catalog start.
 */
export async function seedDemoCharacter(platform: Pick<Platform, 'store' | 'files' | 'events'>): Promise<SeedResult> {
  const result: SeedResult = { inserted: [], copied: 0, drafted: 0, translated: 0 };
  for (const demo of DEMO_SEEDS) {
    result.copied += await copyMissing(platform.files, demo);
    if (await insertDemo(platform.store, platform.events, demo)) result.inserted.push(demo.character.slug);
    else if (await translateDemo(platform.store, demo)) result.translated += 1;
  }
  result.drafted = await draftPublishedCharacters(platform.store);
  return result;
}
