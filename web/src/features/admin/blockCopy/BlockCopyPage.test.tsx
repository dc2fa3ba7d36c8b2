import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, adminCharacter, listItem, renderConsole, scriptedServer } from '../characters/testing.tsx';

const draft = {
  name: 'ミライ',
  blocks: [
    { id: 'greet', title: 'あいさつ', action_buttons: [] },
    { id: 'food', title: '食べ物の話', action_buttons: [] },
  ],
  startButtons: [],
};
const plan = (over: Record<string, unknown> = {}) => ({
  ok: true,
  source: { character_id: 'c1', name: 'ミライ' },
  can_copy: true,
  targets: [
    {
      character_id: 'c2',
      name: 'ソラ',
      blocks: ['greet'],
      videos: [{ id: 'v1', title: 'hello.mp4' }],
      subtitles: ['ja-JP/hello.vtt'],
      collisions: [],
      outside_references: [{ block_id: 'greet', field: 'hit_words[0].block_id', id: 'food', resolution: 'cleared' }],
    },
  ],
  ...over,
});

function copyServer(extra: Parameters<typeof scriptedServer>[0] = {}) {
  return scriptedServer({
    [`GET ${API}/characters/c1`]: [200, { ok: true, character: adminCharacter({ id: 'c1', name: 'ミライ' }) }],
    [`GET ${API}/characters/c1/all`]: [200, { ok: true, character: draft, faults: [], positions: {} }],
    [`GET ${API}/characters`]: [
      200,
      {
        ok: true,
        characters: [listItem({ id: 'c1', name: 'ミライ' }), listItem({ id: 'c2', name: 'ソラ' })],
        total: 2,
        page: 1,
        per_page: 20,
      },
    ],
    ...extra,
  });
}

async function chooseGreetToSora() {
  await renderConsole('/ops/characters/c1/copy');
  fireEvent.click(await screen.findByRole('checkbox', { name: 'あいさつ（greet）' }));
  fireEvent.click(await screen.findByRole('checkbox', { name: 'ソラ（c2）' }));
  fireEvent.click(screen.getByRole('button', { name: 'コピー内容を確認' }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('copying blocks in the console', () => {
  it('copy page, preview then confirm, shows the server plan by names and copies exactly what was previewed', async () => {
    const server = copyServer({
      [`POST ${API}/blocks/characterBlockCopy/preview`]: [200, plan()],
      [`POST ${API}/blocks/characterBlockCopy`]: [
        200,
        { ok: true, targets: [{ character_id: 'c2', blocks: ['greet'], videos: ['v1'], dropped_references: [] }] },
      ],
    });

    await chooseGreetToSora();

    const shown = await screen.findByRole('region', { name: 'コピーされる内容' });
    expect(within(shown).getByText('hello.mp4')).toBeTruthy();
    expect(
      within(shown).getByText(/「あいさつ」のヒットワード 1 →「食べ物の話」: コピー先にないため外されます/),
    ).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /ミライ/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '1 人のキャラクターにコピーする' }));
    expect(await screen.findByText('1 人のキャラクターにコピーしました。')).toBeTruthy();
    const sent = { character_id: 'c1', copy_target_character_ids: ['c2'], block_ids: ['greet'] };
    expect(server.calls.find((c) => c.url.endsWith('/characterBlockCopy/preview'))?.body).toEqual(sent);
    expect(server.calls.find((c) => c.url.endsWith('/characterBlockCopy'))?.body).toEqual(sent);
  });

  it('copy page, a plan with collisions, names them and offers no copy', async () => {
    const refused = plan({ can_copy: false });
    (refused.targets as Array<Record<string, unknown>>)[0]!.collisions = [{ kind: 'block', id: 'greet' }];
    copyServer({ [`POST ${API}/blocks/characterBlockCopy/preview`]: [200, refused] });

    await chooseGreetToSora();

    expect(await screen.findByText('ブロック「あいさつ」がすでにあります（上書きしません）')).toBeTruthy();
    expect((screen.getByRole('button', { name: '1 人のキャラクターにコピーする' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
