import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API, renderConsole, scriptedServer } from '../characters/testing.tsx';

const reason = (over: Record<string, unknown> = {}) => ({
  reason_id: 'price',
  label: '料金が高い',
  position: 10,
  retired_at: null,
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
  ...over,
});
const stats = (over: Record<string, unknown> = {}) =>
  [
    200,
    {
      ok: true,
      from: '2026-02-01',
      to: '2026-03-02',
      total: 4,
      reasons: [
        { reason_id: 'price', label: '料金が高い', count: 3 },
        { reason_id: null, label: '理由の選択なし', count: 1 },
      ],
      comments: [{ at: '2026-03-01T03:00:00.000Z', label: '料金が高い', text: '学生には高いです' }],
      ...over,
    },
  ] as [number, unknown];
const searches = () =>
  (globalThis.fetch as unknown as { mock: { calls: [Request][] } }).mock.calls
    .map(([request]) => new URL(request.url))
    .filter((u) => u.pathname.endsWith('/stats'))
    .map((u) => u.search);

describe('CancelReasonsPage', () => {
  it("cancel reasons, answered with counts, shows each reason's count and share, the period and the latest comments", async () => {
    scriptedServer({
      [`GET ${API}/cancel_reasons`]: [200, { ok: true, reasons: [reason()] }],
      [`GET ${API}/cancel_reasons/stats`]: stats(),
    });

    await renderConsole('/ops/cancel_reasons');

    const row = (await screen.findByText('理由の選択なし')).closest('tr')!;
    expect(within(row).getByText('1')).toBeTruthy();
    expect(within(row).getByText('25%')).toBeTruthy();
    expect(screen.getByText('2026-02-01 〜 2026-03-02（日本時間）の解約 4 件')).toBeTruthy();
    expect(screen.getByText('学生には高いです')).toBeTruthy();
  });

  it('cancel reasons, a period chosen, is asked of the server', async () => {
    scriptedServer({
      [`GET ${API}/cancel_reasons`]: [200, { ok: true, reasons: [] }],
      [`GET ${API}/cancel_reasons/stats`]: stats(),
    });
    await renderConsole('/ops/cancel_reasons');
    await screen.findByText('学生には高いです');

    fireEvent.change(screen.getByLabelText('開始日'), { target: { value: '2026-01-01' } });

    await vi.waitFor(() => expect(searches().at(-1)).toBe('?from=2026-01-01'));
  });

  it('cancel reasons, a new reason added and one retired, sends the label and the retirement', async () => {
    const server = scriptedServer({
      [`GET ${API}/cancel_reasons`]: [200, { ok: true, reasons: [reason()] }],
      [`GET ${API}/cancel_reasons/stats`]: stats(),
      [`POST ${API}/cancel_reasons`]: [
        201,
        { ok: true, reason: reason({ reason_id: 'new', label: 'サポートに不満' }) },
      ],
      [`PUT ${API}/cancel_reasons/price`]: [
        200,
        { ok: true, reason: reason({ retired_at: '2026-03-02T00:00:00.000Z' }) },
      ],
    });
    await renderConsole('/ops/cancel_reasons');

    fireEvent.change(await screen.findByLabelText('新しい理由'), { target: { value: '  サポートに不満 ' } });
    fireEvent.click(screen.getByRole('button', { name: '追加' }));
    fireEvent.click(screen.getByRole('button', { name: '停止する' }));

    await vi.waitFor(() =>
      expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ label: 'サポートに不満' }),
    );
    await vi.waitFor(() => expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({ retired: true }));
  });

  it("cancel reasons, a refused label, shows the server's message", async () => {
    scriptedServer({
      [`GET ${API}/cancel_reasons`]: [200, { ok: true, reasons: [reason()] }],
      [`GET ${API}/cancel_reasons/stats`]: stats(),
      [`POST ${API}/cancel_reasons`]: [409, { ok: false, code: 'CONFLICT', message: '同じ解約理由がすでにあります。' }],
    });
    await renderConsole('/ops/cancel_reasons');

    fireEvent.change(await screen.findByLabelText('新しい理由'), { target: { value: '料金が高い' } });
    fireEvent.click(screen.getByRole('button', { name: '追加' }));

    expect(await screen.findByText('同じ解約理由がすでにあります。')).toBeTruthy();
  });
});
