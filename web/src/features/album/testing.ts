import type { PlayableCharacter } from '@talkwith/proto/catalog';
import { fakeServer, sampleUser } from '../../test/harness.tsx';
import {
  makeBlock,
  makeCharacter,
  makeSetting,
  makeVideo,
  publicCharacterOf,
  type AlbumBlock,
  type AlbumReply,
} from '@talkwith/proto/dialogue';

/** Album answers for the tests, shaped as proto says; each test builds its own ids. */

const suffix = () => Math.random().toString(36).slice(2, 8);

/**
 * A served character: conversation 「おしゃべり」 (greet → topic → reply →
 * bonus) opened by 「話す」, conversation 「占い」 (fortune) opened by 「占い」,
 * and a block outside every conversation (extra). Each block has its trigger video.
 */
export function aServedCharacter(
  fields: { name?: string; slug?: string; access?: PlayableCharacter['character']['access'] } = {},
): PlayableCharacter {
  const id = `c-${suffix()}`;
  const slug = fields.slug ?? `yui-${suffix()}`;
  const ids = ['greet', 'topic', 'reply', 'bonus', 'fortune', 'extra'];
  const videos = ids.map((block) =>
    makeVideo({ id: `v-${block}`, character_id: id, path: `videos/${block}.mp4`, title: `${block}.mp4` }),
  );
  const blocks = ids.map((block) =>
    makeBlock({ id: block, character_id: id, title: `場面-${block}`, trigger_video_id: `v-${block}` }),
  );
  const character = makeCharacter({
    id,
    name: fields.name ?? 'ユイ',
    slug,
    setting: makeSetting({ character_id: id }),
    videos,
    blocks,
    startButtons: [
      { id: 'btn-talk', character_id: id, title: '話す', block_id: 'greet' },
      { id: 'btn-fortune', character_id: id, title: '占い', block_id: 'fortune' },
      { id: 'btn-extra', character_id: id, title: 'おまけ', block_id: 'extra' },
    ],
    conversations: [
      {
        id: 'conv-talk',
        title: 'おしゃべり',
        title_i18n: { 'en-US': 'Small talk' },
        block_ids: ['greet', 'topic', 'reply', 'bonus'],
      },
      { id: 'conv-fortune', title: '占い', block_ids: ['fortune'] },
    ],
  });
  return {
    ok: true,
    character: {
      id,
      name: character.name,
      description: '',
      slug,
      avatar_url: null,
      playable: true,
      published_at: '2026-01-01T00:00:00.000Z',
      dialogue: publicCharacterOf(character),
      media: {
        videos: Object.fromEntries(ids.map((block) => [`v-${block}`, `/files/${id}/${block}.mp4`])),
        posters: {},
        subtitles: { 'ja-JP': Object.fromEntries(ids.map((block) => [block, `/files/${id}/ja-JP/${block}.vtt`])) },
      },
      locked: [],
      access: fields.access ?? 'free',
    },
  };
}

/**
 * The same character served as a preview (catalog D4: not entitled): the setting, the start buttons and the
 * standby and mic-test clips only (here greet is the mic-test block); no conversations, no other block, video or subtitle.
 */
export function aPreviewCharacter(fields: { name?: string; slug?: string } = {}): PlayableCharacter {
  const whole = aServedCharacter({ ...fields, access: 'preview' });
  const { dialogue, media } = whole.character;
  const kept = (id: string) => id === 'v-greet';
  return {
    ...whole,
    character: {
      ...whole.character,
      dialogue: {
        ...dialogue,
        blocks: dialogue.blocks.filter((b) => b.id === 'greet'),
        videos: dialogue.videos.filter((v) => kept(v.id)),
        conversations: [],
      },
      media: {
        videos: Object.fromEntries(Object.entries(media.videos).filter(([id]) => kept(id))),
        posters: {},
        subtitles: {},
      },
    },
  };
}

export function anAlbumBlock(blockId: string, fields: Partial<AlbumBlock> = {}): AlbumBlock {
  return {
    block_id: blockId,
    title: `場面-${blockId}`,
    how: 'played',
    first_at: '2026-03-01T03:00:00.000Z',
    times: 1,
    ...fields,
  };
}

export function anAlbum(characterId: string, blocks: AlbumBlock[], total = 6): AlbumReply {
  return {
    ok: true,
    character_id: characterId,
    found: blocks.length,
    total,
    share: total ? blocks.length / total : 0,
    blocks,
  };
}

type Answer = [number, unknown];

/** A scripted server: `'GET dialogue/album/c-1': [200, {...}]`, keyed without /api/; anything else answers 404. */
export function albumServer(routes: Record<string, Answer>) {
  return fakeServer(
    (call) =>
      routes[`${call.method} ${call.url.replace(/^\/api\//, '')}`] ?? [
        404,
        { ok: false, code: 'NOT_FOUND', message: '見つかりません' },
      ],
  );
}

export function signedIn() {
  const id = `u-${suffix()}`;
  return {
    session: {
      status: 'authenticated' as const,
      accessToken: 'access-token',
      user: { ...sampleUser, id, email: `${id}@example.jp` },
    },
  };
}
