import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API, adminCharacter, renderConsole, scriptedServer } from './testing.tsx';

const fault = { code: 'LISTEN_VIDEO_NOT_FOUND', message: 'リッスン動画が見つかりません。', blockId: 'b1' };
const videoFault = { code: 'VIDEO_MISSING', message: '動画ファイルがありません。', videoId: 'v1' };

function detailServer(extra: Parameters<typeof scriptedServer>[0] = {}, faults: unknown[] = []) {
  return scriptedServer({
    [`GET ${API}/characters/c1`]: [200, { ok: true, character: adminCharacter() }],
    [`GET ${API}/characters/c1/validate`]: [200, { ok: true, faults }],
    ...extra,
  });
}

describe('CharacterDetailPage', () => {
  it('detail page, validator faults, lists each Japanese message with a link to its block or video and disables publishing', async () => {
    detailServer({}, [fault, videoFault]);
    await renderConsole('/ops/characters/c1');
    expect(await screen.findByText('リッスン動画が見つかりません。')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ブロック b1 を開く' }).getAttribute('href')).toBe(
      '/ops/characters/c1/blocks?block=b1',
    );
    expect(screen.getByRole('link', { name: '動画 v1 を開く' }).getAttribute('href')).toBe(
      '/ops/characters/details/v1?character_id=c1',
    );
    expect((screen.getByRole('button', { name: '公開する' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("publish, refused with 409 and faults the validate call had not shown, shows the server's faults", async () => {
    detailServer({
      [`POST ${API}/characters/c1/publish`]: [
        409,
        { ok: false, code: 'CHARACTER_INVALID', message: '公開できません。問題を直してください。', faults: [fault] },
      ],
    });
    await renderConsole('/ops/characters/c1');
    fireEvent.click(await screen.findByRole('button', { name: '公開する' }));
    expect(await screen.findByText('公開できません。問題を直してください。')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ブロック b1 を開く' })).toBeTruthy();
  });

  it('publish, accepted, posts to publish and shows the new published version', async () => {
    let published = false;
    const server = scriptedServer({
      [`GET ${API}/characters/c1`]: () => [
        200,
        {
          ok: true,
          character: adminCharacter(
            published ? { published_at: '2026-02-01T00:00:00.000Z', published_version: 3 } : {},
          ),
        },
      ],
      [`GET ${API}/characters/c1/validate`]: [200, { ok: true, faults: [] }],
      [`POST ${API}/characters/c1/publish`]: () => {
        published = true;
        return [200, { ok: true }];
      },
    });
    await renderConsole('/ops/characters/c1');
    fireEvent.click(await screen.findByRole('button', { name: '公開する' }));
    expect(await screen.findByText('公開中 v3')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'POST' && c.url.endsWith('/publish'))).toBe(true);
    expect(screen.getByRole('button', { name: '非公開にする' })).toBeTruthy();
  });

  it('basics form, price emptied, is refused by the schema; a valid change is sent as a PUT with group null', async () => {
    const server = detailServer({
      [`PUT ${API}/characters/c1`]: [200, { ok: true, character: adminCharacter({ name: 'ハナコ2' }) }],
    });
    await renderConsole('/ops/characters/c1');
    fireEvent.change(await screen.findByLabelText('価格（円）'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('整数を入力してください。')).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    fireEvent.change(screen.getByLabelText('価格（円）'), { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText('名前'), { target: { value: 'ハナコ2' } });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('保存しました。')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'ハナコ2',
      slug: 'hanako',
      description: '説明です',
      price: 500,
      group_id: null,
    });
  });

  it('basics form, the name drafted into en-US from the Japanese and typed in zh-TW, sends the translations beside the name', async () => {
    const server = detailServer({
      [`POST ${API}/translate`]: [200, { ok: true, text: 'Hanako', target: 'en-US', available: true }],
      [`PUT ${API}/characters/c1`]: [200, { ok: true, character: adminCharacter() }],
    });
    await renderConsole('/ops/characters/c1');

    fireEvent.click(await screen.findByRole('button', { name: '名前を en-US に翻訳して下書き' }));
    await vi.waitFor(() => expect((screen.getByLabelText('名前（en-US）') as HTMLInputElement).value).toBe('Hanako'));
    fireEvent.change(screen.getByLabelText('名前（zh-TW）'), { target: { value: '花子' } });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));

    await screen.findByText('保存しました。');
    expect(server.calls.find((c) => c.method === 'POST' && c.url.endsWith('/translate'))?.body).toEqual({
      text: 'ハナコ',
      target: 'en-US',
    });
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      name_i18n: { 'en-US': 'Hanako', 'zh-TW': '花子' },
    });
  });

  it("basics form, a group chosen from the server's groups, is sent as the group id", async () => {
    const group = {
      id: 'g1',
      category_id: 'k1',
      name: '学校',
      description: '',
      sort_order: 0,
      character_count: 0,
      created_at: 'x',
      updated_at: 'x',
    };
    const server = detailServer({
      [`GET ${API}/groups`]: [200, { ok: true, groups: [group] }],
      [`PUT ${API}/characters/c1`]: [200, { ok: true, character: adminCharacter({ group_id: 'g1' }) }],
    });
    await renderConsole('/ops/characters/c1');
    await screen.findByRole('option', { name: '学校' });
    fireEvent.change(screen.getByLabelText('グループ'), { target: { value: 'g1' } });
    fireEvent.click(screen.getByRole('button', { name: '保存する' }));
    await vi.waitFor(() =>
      expect(server.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ group_id: 'g1' }),
    );
  });

  it('import, a file that is not JSON, is refused on the page without a call', async () => {
    const server = detailServer();
    await renderConsole('/ops/characters/c1');
    const input = (await screen.findByText('JSON を読み込む…')).querySelector('input')!;
    fireEvent.change(input, { target: { files: [new File(['{oops'], 'broken.json', { type: 'application/json' })] } });
    expect(await screen.findByText('broken.json は JSON として読めません。')).toBeTruthy();
    expect(server.calls.filter((c) => c.url.endsWith('jsonUpload'))).toEqual([]);
  });

  it("import, a JSON file, previews the dry run's changes and applies them only after 「適用する」", async () => {
    const changes = {
      blocks: { added: ['b9'], changed: ['b1'], removed: [] },
      videos: { added: [], changed: [], removed: ['v7'] },
      settings: ['spj_api_key'],
      lists: [],
    };
    const server = detailServer({
      [`POST ${API}/characters/jsonUpload`]: (call) => [
        200,
        { ok: true, dry_run: (call.body as { dry_run: boolean }).dry_run, changes },
      ],
    });
    await renderConsole('/ops/characters/c1');
    const input = (await screen.findByText('JSON を読み込む…')).querySelector('input')!;
    fireEvent.change(input, {
      target: { files: [new File(['{"id":"c1","name":"X"}'], 'hanako.json', { type: 'application/json' })] },
    });
    expect(await screen.findByText('b9')).toBeTruthy();
    expect(screen.getByText('削除される動画（1）')).toBeTruthy();
    expect(server.calls.filter((c) => c.url.endsWith('jsonUpload')).map((c) => c.body)).toEqual([
      { character_id: 'c1', dry_run: true, character: { id: 'c1', name: 'X' } },
    ]);

    fireEvent.click(screen.getByRole('button', { name: '適用する' }));
    expect(await screen.findByText('インポートを適用しました。')).toBeTruthy();
    await vi.waitFor(() =>
      expect(server.calls.filter((c) => c.url.endsWith('jsonUpload'))[1]?.body).toMatchObject({ dry_run: false }),
    );
  });
});
