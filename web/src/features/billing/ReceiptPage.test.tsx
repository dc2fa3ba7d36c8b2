import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Receipt } from '@talkwith/proto/billing';
import { renderRoutes } from '../../test/harness.tsx';
import ReceiptPage from './ReceiptPage.tsx';
import { aUser, billingServer, signedInAs } from './testing.tsx';

const routes = [{ path: '/full/purchases/:purchase_id/receipt', element: <ReceiptPage /> }];

const aReceipt = (fields: Partial<Receipt> = {}): Receipt => ({
  purchase_id: 'p-1',
  order_number: 'TW-2611-7K3Q',
  issued_at: '2026-11-20T03:00:02.000Z',
  seller: { name: 'TALK WITH 運営事務局', address: '東京都渋谷区1-2-3', registration_number: 'T1234567890123' },
  kind: 'tickets',
  item: 'トークチケット 5枚',
  quantity: 1,
  amount: 700,
  tax_rate: 10,
  tax: 63,
  refunded: 0,
  status: 'captured',
  payment: { method: 'card', brand: 'VISA', last4: '1111' },
  ...fields,
});

describe('ReceiptPage', () => {
  it("ReceiptPage, the caller's receipt, shows seller, date, item, amount with tax, card and order number, and a print button", async () => {
    const server = billingServer({ 'GET billing/receipts/p-1': [200, { ok: true, receipt: aReceipt() }] });

    await renderRoutes(routes, { path: '/full/purchases/p-1/receipt', state: signedInAs(aUser()) });

    const receipt = within(await screen.findByRole('article', { name: '領収書' }));
    expect(receipt.getByText('TW-2611-7K3Q')).toBeTruthy();
    expect(receipt.getByText('2026年11月20日')).toBeTruthy();
    expect(receipt.getByText('トークチケット 5枚 × 1')).toBeTruthy();
    expect(receipt.getByText('¥700（税込）')).toBeTruthy();
    expect(receipt.getByText('内消費税等（10%）')).toBeTruthy();
    expect(receipt.getByText('¥63')).toBeTruthy();
    expect(receipt.getByText('クレジットカード（VISA 末尾1111）')).toBeTruthy();
    expect(receipt.getByText('TALK WITH 運営事務局')).toBeTruthy();
    expect(receipt.getByText('T1234567890123')).toBeTruthy();
    expect(screen.getByRole('button', { name: '印刷・PDFで保存' })).toBeTruthy();
    expect(server.calls[0]).toMatchObject({ method: 'GET', url: '/api/billing/receipts/p-1' });
  });

  it("ReceiptPage, another user's purchase (404), says the receipt is not found and offers no print", async () => {
    billingServer({
      'GET billing/receipts/p-2': [404, { ok: false, code: 'NOT_FOUND', message: '購入が見つかりません。' }],
    });

    await renderRoutes(routes, { path: '/full/purchases/p-2/receipt', state: signedInAs(aUser()) });

    expect(await screen.findByText('領収書が見つかりません。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '印刷・PDFで保存' })).toBeNull();
  });
});
