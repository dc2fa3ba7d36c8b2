import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, adminCharacter, renderConsole, scriptedServer } from '../characters/testing.tsx';

const draft = {
  blocks: [
    { id: 'greet', title: 'あいさつ', action_buttons: [{ id: 'ab-fortune', title: '占いをする' }] },
    { id: 'topic-food', title: '食べ物の話', action_buttons: [] },
    { id: 'topic-travel', title: '旅行の話', action_buttons: [] },
  ],
  startButtons: [{ id: 'btn-talk', title: '話す' }],
};
const talk = { input: { kind: 'start', button_id: 'btn-talk' }, expect_block_id: 'greet' };
const tests = [
  {
    id: 't1',
    name: '旅行へ',
    steps: [talk, { input: { kind: 'say', text: '旅行' }, expect_block_id: 'topic-travel' }],
    updated_at: '2026-01-01T00:00:00.000Z',
  },
  {
    id: 't2',
    name: '食べ物のはず',
    steps: [talk, { input: { kind: 'say', text: '旅行' }, expect_block_id: 'topic-food' }],
    updated_at: '2026-01-01T00:00:00.000Z',
  },
];
const named = (id: string, title: string) => ({ id, title });
const report = {
  passed: false,
  total: 2,
  failed: 1,
  unchecked: 0,
  results: [
    {
      test_id: 't1',
      name: '旅行へ',
      passed: true,
      unchecked: false,
      steps: [
        {
          input: talk.input,
          input_title: '話す',
          expected: named('greet', 'あいさつ'),
          reached: named('greet', 'あいさつ'),
          passed: true,
        },
      ],
    },
    {
      test_id: 't2',
      name: '食べ物のはず',
      passed: false,
      unchecked: false,
      steps: [
        {
          input: talk.input,
          input_title: '話す',
          expected: named('greet', 'あいさつ'),
          reached: named('greet', 'あいさつ'),
          passed: true,
        },
        {
          input: { kind: 'say', text: '旅行' },
          expected: named('topic-food', '食べ物の話'),
          reached: named('topic-travel', '旅行の話'),
          passed: false,
        },
      ],
    },
  ],
};

function testsServer(extra: Parameters<typeof scriptedServer>[0] = {}) {
  return scriptedServer({
    [`GET ${API}/characters/c1`]: [200, { ok: true, character: adminCharacter({ draft_differs: false }) }],
    [`GET ${API}/characters/c1/all`]: [200, { ok: true, character: draft, faults: [] }],
    [`GET ${API}/characters/c1/tests`]: [200, { ok: true, tests }],
    [`GET ${API}/characters/c1/validate`]: [200, { ok: true, faults: [] }],
    ...extra,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('tests of a character in the console', () => {
  it('tests page, run all, shows pass or fail per step with the blocks by their titles', async () => {
    const server = testsServer({ [`POST ${API}/characters/c1/tests/run`]: [200, { ok: true, report }] });
    await renderConsole('/ops/characters/c1/tests');

    fireEvent.click(await screen.findByRole('button', { name: 'すべて実行' }));

    const results = await screen.findByRole('region', { name: 'テストの結果' });
    expect(within(results).getByText('2 件中 1 件のテストが失敗しました。')).toBeTruthy();
    const failed = within(results).getByRole('list', { name: '食べ物のはず のステップ' });
    expect(within(failed).getByText('期待: 食べ物の話 ／ 実際: 旅行の話')).toBeTruthy();
    expect(within(failed).getByText('「話す」で開始')).toBeTruthy();
    expect(server.calls.find((c) => c.url.endsWith('/tests/run'))?.body).toEqual({});
  });

  it('tests page, run all, lists every test with passed / failed / unchecked, failing ones first', async () => {
    const withUnchecked = {
      ...report,
      unchecked: 1,
      total: 3,
      results: [...report.results, { ...report.results[0]!, test_id: 't3', name: '未確認のテスト', unchecked: true }],
    };
    testsServer({ [`POST ${API}/characters/c1/tests/run`]: [200, { ok: true, report: withUnchecked }] });
    await renderConsole('/ops/characters/c1/tests');

    fireEvent.click(await screen.findByRole('button', { name: 'すべて実行' }));

    const every = await screen.findByRole('list', { name: 'すべてのテストの結果' });
    const rows = within(every)
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('ct-result'))
      .map((li) => li.querySelector('.ct-result__name')?.textContent);
    expect(rows).toEqual(['✗ 食べ物のはず 失敗', '? 未確認のテスト 未確認', '✓ 旅行へ 合格']);
    expect(screen.getByText('合格 1 件・失敗 1 件・未確認 1 件')).toBeTruthy();
  });

  it('tests page, a run that stopped at a step the server decides, says it was not checked rather than failed', async () => {
    const uncheckedReport = {
      passed: true,
      total: 1,
      failed: 0,
      unchecked: 1,
      results: [
        {
          test_id: 't1',
          name: '旅行へ',
          passed: true,
          unchecked: true,
          steps: [
            {
              input: talk.input,
              input_title: '話す',
              expected: named('greet', 'あいさつ'),
              reached: named('greet', 'あいさつ'),
              passed: true,
            },
            {
              input: { kind: 'say', text: 'カレー' },
              expected: named('topic-food', '食べ物の話'),
              reached: null,
              passed: false,
              unchecked: true,
              problem: 'サーバーの検索・SPJ の判定で進むため、この先はテストでは確かめられません。',
            },
          ],
        },
      ],
    };
    testsServer({ [`POST ${API}/characters/c1/tests/run`]: [200, { ok: true, report: uncheckedReport }] });
    await renderConsole('/ops/characters/c1/tests');

    fireEvent.click(await screen.findByRole('button', { name: 'すべて実行' }));

    expect(await screen.findByText('1 件のテストがすべて合格しました。')).toBeTruthy();
    expect(screen.getByText(/1 件のテストは、サーバーの検索・SPJ で進むステップがあるため/)).toBeTruthy();
    expect(screen.getAllByLabelText('未確認').length).toBeGreaterThan(0);
    expect(screen.getAllByText('期待: 食べ物の話').length).toBeGreaterThan(0);
  });

  it("tests page, before a run, lists each test with its steps named by the draft's titles", async () => {
    testsServer();
    await renderConsole('/ops/characters/c1/tests');

    const list = await screen.findByRole('list', { name: 'テストの一覧' });
    expect(within(list).getByText('旅行へ')).toBeTruthy();
    await waitFor(() => expect(within(list).getAllByText('「話す」で開始').length).toBe(2));
    expect(within(list).getByText('→ 旅行の話')).toBeTruthy();
  });

  it('tests page, rename then delete, patches the new name and deletes after the confirmation', async () => {
    const server = testsServer({
      [`PATCH ${API}/characters/c1/tests/t1`]: [200, { ok: true, test: { ...tests[0], name: '旅行の話へ' } }],
      [`DELETE ${API}/characters/c1/tests/t2`]: [200, { ok: true }],
    });
    await renderConsole('/ops/characters/c1/tests');

    const first = (await screen.findByText('旅行へ')).closest('li')!;
    fireEvent.click(within(first).getByRole('button', { name: '名前を変更' }));
    fireEvent.change(within(first).getByLabelText('テストの名前'), { target: { value: '旅行の話へ' } });
    fireEvent.click(within(first).getByRole('button', { name: '保存' }));
    const second = screen.getByText('食べ物のはず').closest('li')!;
    fireEvent.click(within(second).getByRole('button', { name: '削除' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '削除' }));

    await waitFor(() =>
      expect(server.calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/tests/t2'))).toBe(true),
    );
    expect(server.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: '旅行の話へ' });
  });

  it('publish, refused because a test fails, shows the failing step and 「それでも公開する」 publishes with force', async () => {
    let publishes = 0;
    const server = testsServer({
      [`POST ${API}/characters/c1/publish`]: () => {
        publishes += 1;
        return publishes === 1
          ? [
              409,
              { ok: false, code: 'CHARACTER_TESTS_FAILED', message: 'テストが1件失敗したため公開できません。', report },
            ]
          : [200, { ok: true }];
      },
    });
    await renderConsole('/ops/characters/c1');

    fireEvent.click(await screen.findByRole('button', { name: '公開する' }));

    expect(await screen.findByText('テストが1件失敗したため公開できません。')).toBeTruthy();
    expect(screen.getByText('期待: 食べ物の話 ／ 実際: 旅行の話')).toBeTruthy();
    const every = screen.getByRole('list', { name: 'すべてのテストの結果' });
    expect(within(every).getByText(/旅行へ/).textContent).toBe('✓ 旅行へ 合格');
    fireEvent.click(screen.getByRole('button', { name: 'それでも公開する' }));
    await waitFor(() => expect(publishes).toBe(2));
    expect(server.calls.filter((c) => c.url.endsWith('/publish')).map((c) => c.body)).toEqual([
      { note: '' },
      { note: '', force: true },
    ]);
  });

  it('publish, accepted, shows the report of the tests it ran, every one passing, its list folded', async () => {
    const passing = { ...report, passed: true, failed: 0, results: [report.results[0]] };
    testsServer({
      [`POST ${API}/characters/c1/publish`]: [
        200,
        { ok: true, character: adminCharacter({ draft_differs: false }), tests: { ...passing, total: 1 } },
      ],
    });
    await renderConsole('/ops/characters/c1');

    fireEvent.click(await screen.findByRole('button', { name: '公開する' }));

    const results = await screen.findByRole('region', { name: 'テストの結果' });
    expect(within(results).getByText('1 件のテストがすべて合格しました。')).toBeTruthy();
    expect(within(results).getByText(/旅行へ/).textContent).toBe('✓ 旅行へ 合格');
    // Every test passed: the list is folded under its summary (the counts are what a publish needs to say).
    const every = within(results).getByRole('list', { name: 'すべてのテストの結果', hidden: true });
    expect((every.closest('details') as HTMLDetailsElement | null)?.open).toBe(false);
    expect(screen.queryByRole('button', { name: 'それでも公開する' })).toBeNull();
  });
});
