import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API, renderConsole, scriptedServer } from '../characters/testing.tsx';
import { idempotencyKeysOf, purchaseDetail } from './testing.ts';

const dialog = () => within(screen.getByRole('dialog'));
const openDialog = async (button: string) => {
  fireEvent.click(await screen.findByRole('button', { name: button }));
  return dialog();
};

describe('PurchaseDetailPage', () => {
  it('purchase detail, a partly refunded purchase, shows the provider result, its grants and what is left to refund', async () => {
    const detail = purchaseDetail({ amount: 1300, refunded: 300 });
    scriptedServer({ [`GET ${API}/full/purchases/${detail.purchase.purchase_id}`]: [200, detail] });

    await renderConsole(`/ops/full/purchases/${detail.purchase.purchase_id}`);

    expect(await screen.findByText('A001000000000000')).toBeTruthy();
    expect(screen.getAllByText(detail.purchase.order_id).length).toBeGreaterThan(0);
    expect(screen.getByText(detail.purchase.order_number)).toBeTruthy();
    expect(screen.getByText('トークチケット 10 枚')).toBeTruthy();
    expect(screen.getByText('¥1,000')).toBeTruthy();
    expect(screen.getByText('success')).toBeTruthy();
    expect(screen.getByText('一部返金', { selector: '.badge' })).toBeTruthy();
  });

  it('refund dialog, an empty reason or an amount above the refundable, is refused and nothing is sent', async () => {
    const detail = purchaseDetail({ amount: 1300, refunded: 300 });
    const server = scriptedServer({ [`GET ${API}/full/purchases/${detail.purchase.purchase_id}`]: [200, detail] });
    await renderConsole(`/ops/full/purchases/${detail.purchase.purchase_id}`);
    const refund = await openDialog('一部返金');

    fireEvent.change(refund.getByLabelText('返金額（円）'), { target: { value: '1001' } });
    fireEvent.change(refund.getByLabelText('理由'), { target: { value: '返金の申し出' } });
    fireEvent.click(refund.getByRole('button', { name: '返金する' }));
    expect((await refund.findByRole('alert')).textContent).toBe('返金額が返金できる上限（¥1,000）を超えています。');

    fireEvent.change(refund.getByLabelText('返金額（円）'), { target: { value: '500' } });
    fireEvent.change(refund.getByLabelText('理由'), { target: { value: '   ' } });
    fireEvent.click(refund.getByRole('button', { name: '返金する' }));
    expect((await refund.findByRole('alert')).textContent).toBe('理由を入力してください。');

    fireEvent.change(refund.getByLabelText('返金額（円）'), { target: { value: '-5' } });
    fireEvent.click(refund.getByRole('button', { name: '返金する' }));
    expect((await refund.findByRole('alert')).textContent).toBe('返金額は 1 以上の整数で入力してください。');
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('refund dialog, confirmed twice in a row, sends one partial refund with an Idempotency-Key and closes', async () => {
    const detail = purchaseDetail({ amount: 1300 });
    const id = detail.purchase.purchase_id;
    const server = scriptedServer({
      [`GET ${API}/full/purchases/${id}`]: [200, detail],
      [`POST ${API}/full/purchases/${id}/cancel_decrement`]: [
        200,
        { ok: true, purchase: { ...detail.purchase, refunded: 500 } },
      ],
    });
    await renderConsole(`/ops/full/purchases/${id}`);
    const refund = await openDialog('一部返金');

    fireEvent.change(refund.getByLabelText('返金額（円）'), { target: { value: '500' } });
    fireEvent.change(refund.getByLabelText('理由'), { target: { value: ' 一部キャンセル ' } });
    const confirm = refund.getByRole('button', { name: '返金する' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = server.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ amount: 500, reason: '一部キャンセル' });
    expect(idempotencyKeysOf(posts)[0]).toMatch(/^[A-Za-z0-9_\-:.]{8,128}$/);
  });

  it('full cancel, refused by the server, shows its Japanese message in the dialog and a retry reuses the key', async () => {
    const detail = purchaseDetail();
    const id = detail.purchase.purchase_id;
    const server = scriptedServer({
      [`GET ${API}/full/purchases/${id}`]: [200, detail],
      [`POST ${API}/full/purchases/purchase/cancel`]: [
        409,
        { ok: false, code: 'PURCHASE_STATE', message: 'この決済はすでに取り消されています。' },
      ],
    });
    await renderConsole(`/ops/full/purchases/${id}`);
    const cancel = await openDialog('全額取消');
    expect(cancel.getByText(/¥1,300 を返金します/)).toBeTruthy();

    fireEvent.change(cancel.getByLabelText('理由'), { target: { value: '不正利用の疑い' } });
    fireEvent.click(cancel.getByRole('button', { name: '全額取り消す' }));
    expect((await cancel.findByRole('alert')).textContent).toBe('この決済はすでに取り消されています。');
    fireEvent.click(cancel.getByRole('button', { name: '全額取り消す' }));

    await vi.waitFor(() => expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const posts = server.calls.filter((c) => c.method === 'POST');
    expect(posts[0]!.body).toEqual({ purchase_id: id, reason: '不正利用の疑い' });
    const keys = idempotencyKeysOf(posts);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it('purchase detail, a failed purchase, offers neither cancel nor refund', async () => {
    const detail = purchaseDetail({ status: 'failed' });
    scriptedServer({ [`GET ${API}/full/purchases/${detail.purchase.purchase_id}`]: [200, detail] });

    await renderConsole(`/ops/full/purchases/${detail.purchase.purchase_id}`);

    expect(await screen.findByText('失敗', { selector: '.badge' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '全額取消' })).toBeNull();
    expect(screen.queryByRole('button', { name: '一部返金' })).toBeNull();
  });
});
