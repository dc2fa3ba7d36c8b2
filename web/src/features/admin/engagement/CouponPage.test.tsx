import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleUser } from '../../../test/harness.tsx';
import { API, adminCharacter, renderConsole, scriptedServer } from '../characters/testing.tsx';
import { coupon, paged, searchesOf, serial } from './testing.ts';
import { todayInJapan } from './time.ts';

const blocks = [
  200,
  {
    ok: true,
    character: {
      id: 'mirai',
      blocks: [
        { id: 'b-bonus', title: '特典' },
        { id: 'b-new', title: '新しい特典' },
      ],
    },
    faults: [],
  },
] as [number, unknown];

function batchRoutes(batch: ReturnType<typeof coupon>, more: Record<string, [number, unknown]> = {}) {
  return {
    [`GET ${API}/serials/${batch.coupon_id}`]: [200, { ok: true, coupon: batch }] as [number, unknown],
    [`GET ${API}/serials/list`]: paged('serials', []),
    [`POST ${API}/serials`]: paged('redemptions', []),
    [`GET ${API}/characters/${batch.character_id}/all`]: blocks,
    ...more,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('CouponPage', () => {
  it('batch, its character, block and issuer, are named (ids on hover)', async () => {
    const batch = coupon({ block_id: 'b-bonus', created_by: 'admin-1' });
    scriptedServer(
      batchRoutes(batch, {
        [`GET ${API}/characters/mirai`]: [
          200,
          { ok: true, character: adminCharacter({ id: 'mirai', name: 'ミライ' }) },
        ],
        [`GET ${API}/users/admin-1`]: [
          200,
          { ok: true, user: { ...sampleUser, id: 'admin-1', nickname: '運営の田中' } },
        ],
      }),
    );

    await renderConsole(`/ops/serials/${batch.coupon_id}`);

    expect((await screen.findByText('ミライ')).getAttribute('title')).toBe('mirai');
    expect((await screen.findByText('特典')).getAttribute('title')).toBe('b-bonus');
    expect((await screen.findByText('運営の田中')).getAttribute('title')).toBe('admin-1');
  });

  it("batch, answered with its fields and codes, shows counters, each code's state and who used it, saying times are JST", async () => {
    const batch = coupon({ count: 1000, redeemed: 12, tickets: 2 });
    const used = serial({ coupon_id: batch.coupon_id, redeemed_by: 'u-5', redeemed_at: '2026-03-02T03:00:00.000Z' });
    const fresh = serial({ coupon_id: batch.coupon_id });
    scriptedServer(batchRoutes(batch, { [`GET ${API}/serials/list`]: paged('serials', [used, fresh]) }));

    await renderConsole(`/ops/serials/${batch.coupon_id}`);

    expect(await screen.findByRole('heading', { name: batch.name })).toBeTruthy();
    expect(screen.getByText('988')).toBeTruthy();
    expect(screen.getByText('1 回あたり 2 枚')).toBeTruthy();
    expect(
      within(await screen.findByText(used.id).then((cell) => cell.closest('tr')!)).getByRole('link', { name: 'u-5' }),
    ).toBeTruthy();
    expect(within(screen.getByText(fresh.id).closest('tr')!).getByText('未使用')).toBeTruthy();
    expect(searchesOf(`${API}/serials/list`)[0]!.toString()).toBe(`coupon_id=${batch.coupon_id}&page=1`);
    expect(screen.getByText('時刻はすべて日本時間（JST）です。')).toBeTruthy();
  });

  it('batch codes, filtered to unused, ask the server for unused codes from page 1', async () => {
    const batch = coupon();
    scriptedServer(batchRoutes(batch));
    await renderConsole(`/ops/serials/${batch.coupon_id}`);
    await screen.findByText('該当するコードはありません。');

    fireEvent.change(screen.getByLabelText('状態'), { target: { value: 'unused' } });

    await vi.waitFor(() => expect(searchesOf(`${API}/serials/list`).at(-1)?.get('status')).toBe('unused'));
  });

  it('batch type, confirmed in the dialog, puts the debug flag for the coupon; cancelling sends nothing', async () => {
    const batch = coupon({ is_debug: false });
    const server = scriptedServer(
      batchRoutes(batch, {
        [`PUT ${API}/serials/changeSerialType`]: [200, { ok: true, coupon: { ...batch, is_debug: true } }],
      }),
    );
    await renderConsole(`/ops/serials/${batch.coupon_id}`);

    fireEvent.click(await screen.findByRole('button', { name: 'デバッグ用にする' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'キャンセル' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'デバッグ用にする' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText(/1000 件のコードをすべてデバッグ用にします/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'デバッグ用にする' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { coupon_id: batch.coupon_id, is_debug: true },
    ]);
  });

  it('batch type, refused by the server, keeps the dialog open with the Japanese message', async () => {
    const batch = coupon({ is_debug: true });
    scriptedServer(
      batchRoutes(batch, {
        [`PUT ${API}/serials/changeSerialType`]: [
          404,
          { ok: false, code: 'NOT_FOUND', message: 'シリアルが見つかりません。' },
        ],
      }),
    );
    await renderConsole(`/ops/serials/${batch.coupon_id}`);

    fireEvent.click(await screen.findByRole('button', { name: '通常にする' }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: '通常にする' }));

    expect((await dialog.findByRole('alert')).textContent).toBe('シリアルが見つかりません。');
  });

  it('batch block, another block chosen, puts it for the coupon and says so', async () => {
    const batch = coupon({ block_id: 'b-bonus' });
    const server = scriptedServer(
      batchRoutes(batch, {
        [`PUT ${API}/serials/changeBlock`]: [200, { ok: true, coupon: { ...batch, block_id: 'b-new' } }],
      }),
    );
    await renderConsole(`/ops/serials/${batch.coupon_id}`);
    await screen.findByRole('option', { name: '新しい特典（b-new）' });

    fireEvent.change(screen.getByLabelText('ブロック'), { target: { value: 'b-new' } });
    fireEvent.click(screen.getByRole('button', { name: '変更する' }));

    expect(await screen.findByText('解放するブロックを b-new に変更しました。')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      coupon_id: batch.coupon_id,
      block_id: 'b-new',
    });
  });

  it('batch CSV, downloaded, is fetched with the admin token and saved from a Blob URL', async () => {
    const batch = coupon();
    const server = scriptedServer(
      batchRoutes(batch, {
        [`GET ${API}/serials/${batch.coupon_id}/csv`]: [200, '\uFEFFコード,シリアル\r\nCD1A-BCDE,x\r\n'],
      }),
    );
    const saved: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          saved.push(blob);
          return 'blob:csv';
        },
        revokeObjectURL: () => undefined,
      }),
    );
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe(`serials_${batch.coupon_id}.csv`);
    });
    await renderConsole(`/ops/serials/${batch.coupon_id}`);

    fireEvent.click(await screen.findByRole('button', { name: 'CSV をダウンロード' }));

    await vi.waitFor(() => expect(clicks).toHaveBeenCalledTimes(1));
    const request = server.calls.find((c) => c.url.endsWith('/csv'))!;
    expect(request.headers.get('authorization')).toBe('Bearer admin-token');
    expect(new Uint8Array(await saved[0]!.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    clicks.mockRestore();
  });

  it('batch CSV, refused by the server, shows its message', async () => {
    const batch = coupon();
    scriptedServer(
      batchRoutes(batch, {
        [`GET ${API}/serials/${batch.coupon_id}/csv`]: [
          403,
          { ok: false, code: 'FORBIDDEN', message: '管理者のみが利用できます。' },
        ],
      }),
    );
    await renderConsole(`/ops/serials/${batch.coupon_id}`);

    fireEvent.click(await screen.findByRole('button', { name: 'CSV をダウンロード' }));

    expect((await screen.findByRole('alert')).textContent).toBe('管理者のみが利用できます。');
  });

  it('batch redemptions, on opening, post the coupon and the range ending today, and list who redeemed', async () => {
    const batch = coupon();
    const server = scriptedServer(
      batchRoutes(batch, {
        [`POST ${API}/serials`]: paged('redemptions', [
          {
            serial_id: 'CD1XYZ',
            coupon_id: batch.coupon_id,
            user_id: 'u-8',
            character_id: 'mirai',
            block_id: 'b-bonus',
            tickets: 2,
            is_debug: true,
            redeemed_at: '2026-03-02T03:00:00.000Z',
          },
        ]),
      }),
    );

    await renderConsole(`/ops/serials/${batch.coupon_id}`);

    const row = within((await screen.findByText('CD1XYZ')).closest('tr')!);
    expect(row.getByRole('link', { name: 'u-8' })).toBeTruthy();
    expect(row.getByText('デバッグ用')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
      coupon_id: batch.coupon_id,
      end: todayInJapan(),
      page: 1,
    });
  });

  it('batch, unknown to the server, shows its message', async () => {
    scriptedServer({
      [`GET ${API}/serials/cp-gone`]: [404, { ok: false, code: 'NOT_FOUND', message: 'シリアルが見つかりません。' }],
    });

    await renderConsole('/ops/serials/cp-gone');

    expect((await screen.findByRole('alert')).textContent).toBe('シリアルが見つかりません。');
  });
});
