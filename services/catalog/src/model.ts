import type { Collection, DocumentStore, Transaction } from '@talkwith/platform';
import type {
  Block,
  Character as DialogueCharacter,
  CharacterSetting,
  Conversation,
  KikiwasureEntry,
  RandomGroup,
  Replacement,
  SlotDefinition,
  StartButton,
  Summary,
  SynonymGroup,
  Video,
} from '@talkwith/proto/dialogue';
import type { Translations } from '@talkwith/proto/identity';
import { openCharacters, type Character } from './characters.ts';

/**
 * The catalog's stored shape (shared by authoring, media and taxonomy).
 *
 * A character is authored as a *draft* spread over three collections, so one
 * block or video is edited without rewriting a 500-block document and two
 * admins editing different blocks do not overwrite each other:
 * - `characters`: the character's own fields, its `setting` (with the
 *   credentials) and the character-level lists (`draft`);
 * - `blocks`: one document per block, `_id` = `{character_id}/{block id}`;
 * - `videos`: one document per clip, `_id` = `{character_id}/{video id}`.
 *
 * Publishing assembles the draft (draftCharacterOf), validates it and copies
 * it into `characters.dialogue`, the snapshot players read; editing a published
 * character therefore never changes a talk until it is published again.
 */

/** The character-level lists of the dialogue data that are neither blocks nor videos. */
export interface CharacterDraft {
  startButtons: StartButton[];
  slots: SlotDefinition[];
  summary: Summary;
  kikiwasure: KikiwasureEntry[];
  replacement: Replacement;
  random: RandomGroup;
  conversations: Conversation[];
  /** The operator's synonym groups (absent in a draft from before synonyms: none). */
  synonyms?: SynonymGroup[];
}

/** What the clip continuity check found (media/continuity): how far a switch from or to the standby clip would jump. */
export interface ContinuityReport {
  checked_at: string;
  /** The standby clip compared against (null: the character has none yet). */
  standby_video_id: string | null;
  /** 0 = identical frames, 1 = nothing alike; per edge of the clip. */
  first_frame_distance: number | null;
  last_frame_distance: number | null;
  /** Japanese warnings for the admin (empty: the switch should not show). */
  warnings: string[];
}

export type BlockDoc = Block & {
  _id: string;
  updated_at: string;
};

export type VideoDoc = Video & {
  _id: string;
  created_at: string;
  updated_at: string;
  /** Other renditions by definition name (vod/changeVideoPath/{definition}); `path` is the default one. */
  paths?: Record<string, string>;
  /** Where the source file came from (vod/setOriginalUrl). */
  original_url?: string | null;
  continuity?: ContinuityReport | null;
};

export interface CategoryDoc {
  _id: string;
  name: string;
  /** URL name: /theme/{slug}. */
  slug: string;
  description: string;
  /** The name and description in the other interface languages (absent on categories saved before them). */
  name_i18n?: Translations;
  description_i18n?: Translations;
  sort_order: number;
  created_at: string;
  updated_at: string;
  [key: string]: unknown;
}

export interface GroupDoc {
  _id: string;
  category_id: string;
  name: string;
  description: string;
  /** The name and description in the other interface languages (absent on groups saved before them). */
  name_i18n?: Translations;
  description_i18n?: Translations;
  sort_order: number;
  created_at: string;
  updated_at: string;
  [key: string]: unknown;
}

type StoreOrTx = DocumentStore | Transaction;

export const localId = (characterId: string, id: string) => `${characterId}/${id}`;

export function openBlocks(store: StoreOrTx): Collection<BlockDoc> {
  return store.collection<BlockDoc>('blocks');
}
export function openVideos(store: StoreOrTx): Collection<VideoDoc> {
  return store.collection<VideoDoc>('videos');
}
export function openCategories(store: StoreOrTx): Collection<CategoryDoc> {
  return store.collection<CategoryDoc>('categories');
}
export function openGroups(store: StoreOrTx): Collection<GroupDoc> {
  return store.collection<GroupDoc>('groups');
}

/** The indexes every query of the catalog relies on (idempotent; called once at start). */
export async function ensureCatalogIndexes(store: DocumentStore): Promise<void> {
  // Every character has a slug (its id when none was chosen), so the unique index never meets two missing ones.
  for (const c of await openCharacters(store).find({ slug: { $in: [null, ''] } }, { projection: { _id: 1 } })) {
    await openCharacters(store).updateOne({ _id: c._id }, { $set: { slug: c._id } });
  }
  await openCharacters(store).createIndex({ slug: 1 }, { unique: true });
  await openCharacters(store).createIndex({ group_id: 1 });
  await openBlocks(store).createIndex({ character_id: 1, id: 1 }, { unique: true });
  await openVideos(store).createIndex({ character_id: 1, id: 1 }, { unique: true });
  await openGroups(store).createIndex({ category_id: 1, sort_order: 1 });
  await openCategories(store).createIndex({ slug: 1 }, { unique: true });
}

export const emptyDraft = (): CharacterDraft => ({
  startButtons: [],
  slots: [],
  summary: { title: '', slot_names: [] },
  kikiwasure: [],
  replacement: { video_ids: [], block_ids: [] },
  random: { count: 0, final_block_id: null, trigger_videos: [], end_blocks: [] },
  conversations: [],
});

export const defaultSetting = (characterId: string): CharacterSetting => ({
  character_id: characterId,
  silence_enabled: true,
  spj_url: '',
  spj_api_key: '',
  google_key: '',
  standby_video_id: null,
  default_start_button_id: null,
  listen_video_prefix: '',
  hit_word_delay: 0,
  show_speech_mic: true,
  show_recognition_text: true,
  use_web_speech_api: true,
  landscape_mode: true,
  hide_cursor: true,
  for_mic_test: null,
  es_index_name: '',
});

const stripDoc = <T extends { _id: string; updated_at?: string; created_at?: string }>({
  _id,
  updated_at: _u,
  created_at: _c,
  ...rest
}: T) => rest;

/** A stored video as the proto Video (the catalog-only fields left out). */
export function videoOf(doc: VideoDoc): Video {
  const { paths: _p, original_url: _o, continuity: _c, ...video } = stripDoc(doc);
  return video;
}
export const blockOf = (doc: BlockDoc): Block => stripDoc(doc);

/**
 * The whole draft of one character as the dialogue engine's Character (with
 * credentials: callers that answer HTTP mask them). Blocks and videos in their
 * stored order (by id), so an export is stable.
 */
export async function draftCharacterOf(store: StoreOrTx, c: Character): Promise<DialogueCharacter> {
  const [blocks, videos] = await Promise.all([
    openBlocks(store).find({ character_id: c._id }, { sort: { id: 1 } }),
    openVideos(store).find({ character_id: c._id }, { sort: { id: 1 } }),
  ]);
  const draft = c.draft ?? emptyDraft();
  return {
    id: c._id,
    character_id: c._id,
    name: c.name,
    slug: c.slug ?? c._id,
    price: c.price ?? 0,
    avatar: c.avatar_key ?? '',
    group_id: c.group_id ?? null,
    setting: c.setting ?? defaultSetting(c._id),
    videos: videos.map(videoOf),
    blocks: blocks.map(blockOf),
    ...draft,
  };
}
