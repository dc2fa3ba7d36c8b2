import type { PlayableCharacter } from '@talkwith/proto/catalog';
import type { AlbumBlock, AlbumReply, Block, StartButton, Video } from '@talkwith/proto/dialogue';
import type { Translations } from '@talkwith/proto/identity';

type Served = PlayableCharacter['character'];

/** One place of a conversation in the album: a block the caller found, or a 「？？？」 placeholder. */
export type AlbumEntry = { kind: 'found'; block: AlbumBlock } | { kind: 'hidden'; key: string };

/** A conversation of the character with its blocks in order, and the start button that opens it (if any). */
export interface AlbumSection {
  id: string;
  title: string;
  /** The title in the other interface languages (the conversation's, or the start button's). */
  title_i18n?: Translations | undefined;
  button: StartButton | null;
  entries: AlbumEntry[];
}

const OTHERS = 'others';

function entriesOf(blockIds: readonly string[], found: ReadonlyMap<string, AlbumBlock>): AlbumEntry[] {
  return blockIds.map((id) => {
    const block = found.get(id);
    return block ? { kind: 'found', block } : { kind: 'hidden', key: id };
  });
}

/**
 * The album's sections: each conversation of the character (its blocks in the
 * author's order; those not found, serial-locked ones included, as
 * placeholders), then the found blocks that belong to no conversation.
 */
export function albumSections(character: Served, album: AlbumReply): AlbumSection[] {
  const found = new Map(album.blocks.map((block) => [block.block_id, block]));
  const { conversations, startButtons } = character.dialogue;
  const sections: AlbumSection[] = conversations.map((conversation) => ({
    id: conversation.id,
    title: conversation.title,
    title_i18n: conversation.title_i18n,
    button: startButtons.find((button) => conversation.block_ids.includes(button.block_id)) ?? null,
    entries: entriesOf(conversation.block_ids, found),
  }));
  const grouped = new Set(conversations.flatMap((conversation) => conversation.block_ids));
  const others = album.blocks.filter((block) => !grouped.has(block.block_id));
  if (others.length > 0)
    sections.push({ id: OTHERS, title: '', button: null, entries: others.map((block) => ({ kind: 'found', block })) });
  return sections;
}

/**
 * The conversation a start button opens: the conversation that holds its first
 * block; a button outside every conversation is a conversation of one block.
 */
export function buttonSection(character: Served, album: AlbumReply, buttonId: string): AlbumSection | null {
  const button = character.dialogue.startButtons.find((candidate) => candidate.id === buttonId);
  if (!button) return null;
  const found = new Map(album.blocks.map((block) => [block.block_id, block]));
  const conversation = character.dialogue.conversations.find((candidate) =>
    candidate.block_ids.includes(button.block_id),
  );
  const blockIds = conversation?.block_ids ?? [button.block_id];
  const title = conversation?.title
    ? { title: conversation.title, title_i18n: conversation.title_i18n }
    : { title: button.title, title_i18n: button.title_i18n };
  return {
    id: conversation?.id ?? button.id,
    ...title,
    button,
    entries: entriesOf(blockIds, found),
  };
}

/** The blocks the caller is served (all of them when entitled; a preview holds only its mic-test block): those can be replayed. */
export function servedBlockIds(character: Served): ReadonlySet<string> {
  return new Set(character.dialogue.blocks.map((block) => block.id));
}

/** What a replay shows: the block's trigger video and its subtitles in the reader's language (ja-JP otherwise). */
export interface Replay {
  block: Block;
  video: Video | null;
  videoUrl: string | null;
  subtitlesUrl: string | null;
  subtitlesLanguage: string;
}

export function replayOf(character: Served, blockId: string, uiLanguage: string): Replay | null {
  const block = character.dialogue.blocks.find((candidate) => candidate.id === blockId);
  if (!block) return null;
  const video = character.dialogue.videos.find((candidate) => candidate.id === block.trigger_video_id) ?? null;
  const { media } = character;
  const subtitlesLanguage = media.subtitles[uiLanguage] ? uiLanguage : 'ja-JP';
  const name = video?.title.replace(/\.mp4$/iu, '');
  return {
    block,
    video,
    videoUrl: video ? (media.videos[video.id] ?? null) : null,
    subtitlesUrl: name ? (media.subtitles[subtitlesLanguage]?.[name] ?? null) : null,
    subtitlesLanguage,
  };
}
