import type { CharacterSummary } from '@talkwith/proto/catalog';
import type { TrackerState } from '@talkwith/proto/dialogue';
import { fakeServer, sampleUser } from '../../test/harness.tsx';

/** /chat answers for the tests, shaped as proto says; each test builds its own ids. */

const suffix = () => Math.random().toString(36).slice(2, 8);

export function aCharacter(fields: Partial<CharacterSummary> = {}): CharacterSummary {
  const id = `c-${suffix()}`;
  return {
    id,
    name: 'ユイ',
    description: '',
    slug: `yui-${suffix()}`,
    avatar_url: null,
    playable: true,
    published_at: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

export function aPlace(characterId: string, fields: Partial<TrackerState> = {}): TrackerState {
  return {
    character_id: characterId,
    block_id: 'topic',
    conversation_id: 'conv-talk',
    utterance: 'ラーメン',
    steps: 4,
    updated_at: '2026-03-01T03:04:00.000Z',
    ...fields,
  };
}

type Answer = [number, unknown];

/** A scripted server keyed `'POST history'` (without /api/); anything else answers 404. */
export function talksServer(routes: Record<string, Answer>) {
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
  const user = { ...sampleUser, id, email: `${id}@example.jp` };
  return { user, state: { session: { status: 'authenticated' as const, accessToken: 'access-token', user } } };
}
