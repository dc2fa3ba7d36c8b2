import { randomInt, randomUUID } from 'node:crypto';
import { type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import type { EventOf } from '@talkwith/proto';
import type { CharacterRecognition, RecognitionBlock } from '@talkwith/proto/dialogue';
import { loadRecognition } from './characters.ts';

/** Helpers of the recognition area's tests: recognition data, publishing it on the bus, calling the routes. */

const block = (b: Partial<RecognitionBlock> & Pick<RecognitionBlock, 'block_id'>): RecognitionBlock => ({
  title: '',
  phrases: [],
  spj_category: null,
  listen_next_block: [],
  ...b,
});

/** A small character: a greeting (category greeting, leads to pets), pets, food (category food); two action buttons. */
export function sampleRecognition(
  characterId: string,
  overrides: Partial<CharacterRecognition> = {},
): CharacterRecognition {
  return {
    es_index_name: '',
    spj_url: '',
    spj_api_key: '',
    blocks: [
      block({
        block_id: 'greet',
        title: 'あいさつ',
        phrases: ['こんにちは', 'おはよう', 'あいさつ'],
        spj_category: 'greeting',
        listen_next_block: ['pets'],
      }),
      block({ block_id: 'pets', title: 'ペットの話', phrases: ['犬', 'ネコ', 'ペットの話'] }),
      block({ block_id: 'food', title: '食べ物', phrases: ['ラーメン', 'お寿司', '食べ物'], spj_category: 'food' }),
    ],
    actions: [
      {
        code: 'hint-30',
        character_id: characterId,
        block_id: 'greet',
        button_id: 'hint',
        title: 'ヒントを見る',
        points: 30,
      },
      { code: 'back', character_id: characterId, block_id: 'pets', button_id: 'back', title: '最初へ', points: 0 },
    ],
    ...overrides,
  };
}

export const newCharacterId = () => `char-${randomUUID()}`;
/** A random documentation-range address, so tests never share a per-address counter unless they mean to. */
export const randomAddress = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

/** A `character.published` envelope as the bus delivers it (for calling the consumer directly). */
export function publishedEvent(
  characterId: string,
  version: number,
  recognition?: CharacterRecognition,
): EventOf<'character.published'> {
  return {
    id: randomUUID(),
    type: 'character.published',
    version: 1,
    occurredAt: new Date().toISOString(),
    key: characterId,
    data: {
      character_id: characterId,
      name: 'テストキャラ',
      description: '',
      published_at: new Date().toISOString(),
      version,
      ...(recognition ? { recognition } : {}),
    },
  };
}

export function recognitionTestKit(svc: () => ServiceUnderTest) {
  const publish = (characterId: string, version: number, recognition: CharacterRecognition) =>
    svc().platform.events.publish(
      'character.published',
      characterId,
      publishedEvent(characterId, version, recognition).data,
    );

  /** Publishes and waits until dialogue holds this version (its block index is written in the same transaction). */
  async function published(characterId: string, recognition: CharacterRecognition, version = 1): Promise<void> {
    await publish(characterId, version, recognition);
    await eventually(async () => (await loadRecognition(svc().platform.store, characterId))?.version === version);
  }

  const post = (url: string, payload: Record<string, unknown>, remoteAddress = randomAddress()) =>
    svc().app.inject({ method: 'POST', url, payload, remoteAddress });

  const search = (characterId: string, text: string, candidates: string[]) =>
    post('/api/dialogue/search', { character_id: characterId, block_id: 'greet', text, candidates });

  const score = (characterId: string, text: string, category: string) =>
    post('/api/dialogue/score', { character_id: characterId, block_id: 'greet', text, category });

  return { publish, published, post, search, score };
}
