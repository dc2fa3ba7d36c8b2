import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX, type OutboxEntry } from '@talkwith/platform/eventing';
import { localized } from '@talkwith/proto/identity';
import type { ProductView } from '@talkwith/proto/billing';
import { buyer, cardToken, characterOnSale, startBilling, type Billing } from '../purchases/test-support.ts';

let billing: Billing;
beforeAll(async () => {
  billing = await startBilling();
});
afterAll(async () => {
  await billing?.close();
});

const admin = () => ({ authorization: `Bearer ${billing.svc.tokenFor('admin-texts', ['admin'])}` });
const put = (key: string, payload: object, headers = admin()) =>
  billing.svc.app.inject({ method: 'PUT', url: `/api/admin/billing/product_texts/${key}`, headers, payload });
const products = async (): Promise<ProductView[]> =>
  (await billing.svc.app.inject({ method: 'GET', url: '/api/billing/products' })).json().products;
const productOf = async (id: string) => (await products()).find((p) => p.product_id === id)!;

describe('product names in every language', () => {
  it('when nothing was edited, lists the shipped translations of packs and plans', async () => {
    const pack = await productOf('tickets-1');
    const plans = (await billing.svc.app.inject({ method: 'GET', url: '/api/billing/plans' })).json().plans;

    expect(localized(pack.name, pack.name_i18n, 'en-US')).toBe('1 talk ticket');
    expect(plans.find((p: { plan_code: string }) => p.plan_code === 'PROD001').name_i18n['zh-TW']).toBe(
      'TALK WITH 月費方案',
    );
  });

  it('when an operator left a language empty, that language shows the Japanese name', async () => {
    const saved = await put('points-1000', { name_i18n: { 'en-US': '1,000 pts', 'zh-TW': '  ' } });

    const pack = await productOf('points-1000');
    expect(saved.statusCode).toBe(200);
    expect(pack.name_i18n).toEqual({ 'en-US': '1,000 pts' });
    expect(localized(pack.name, pack.name_i18n, 'en-US')).toBe('1,000 pts');
    expect(localized(pack.name, pack.name_i18n, 'zh-TW')).toBe('1000ポイント');
    expect(localized(pack.name, pack.name_i18n, 'fil-PH')).toBe('1000ポイント');
  });

  it('when a character was published without translations, its product has none and shows the Japanese name', async () => {
    const characterId = await characterOnSale(billing);

    const product = await productOf(`character:${characterId}`);
    expect(localized(product.name, product.name_i18n, 'en-US')).toBe(product.name);
  });

  it("when an operator edits a plan, the plans and the subscriber's views carry it; the edit is audited", async () => {
    const res = await put('plan:OTHERS', {
      name_i18n: { 'en-US': 'Group Plan', 'fil-PH': 'Plano ng Grupo', 'zh-TW': '團體方案' },
    });

    const plans = (await billing.svc.app.inject({ method: 'GET', url: '/api/billing/plans' })).json().plans;
    expect(res.json().text).toMatchObject({
      key: 'plan:OTHERS',
      kind: 'subscription',
      name: 'TALK WITH グループプラン',
    });
    expect(plans.find((p: { plan_code: string }) => p.plan_code === 'OTHERS').name_i18n['fil-PH']).toBe(
      'Plano ng Grupo',
    );
    const audits = await billing.svc.platform.store
      .collection<OutboxEntry>(OUTBOX)
      .find({ type: 'admin.acted', key: 'admin-texts' });
    expect(audits.map((e) => (e.envelope.data as { action: string }).action)).toContain('product_text.updated');
  });

  it('when a pack is bought, the result and the history carry its translated name', async () => {
    await put('tickets-10', { name_i18n: { 'en-US': 'Ten talk tickets' } });
    const me = buyer(billing);

    const { purchase } = (
      await me.post('/api/payment/card/authorize', { product_id: 'tickets-10', token: await cardToken(billing) })
    ).json();
    const history = (await me.post('/api/payment/user_purchase_history/get', { user_id: me.userId })).json();

    expect(purchase.name_i18n).toEqual({ 'en-US': 'Ten talk tickets' });
    expect(history.purchases[0]).toMatchObject({
      name: 'トークチケット 10枚',
      name_i18n: { 'en-US': 'Ten talk tickets' },
    });
  });

  it('when a value is too long or names a language that is not an interface language, refuses it with 400', async () => {
    const tooLong = await put('tickets-5', { name_i18n: { 'en-US': 'x'.repeat(101) } });
    const unknown = await put('tickets-5', { name_i18n: { ko: '대화 티켓' } });

    expect(tooLong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect((await productOf('tickets-5')).name_i18n).toEqual({
      'en-US': '5 talk tickets',
      'fil-PH': '5 na talk ticket',
      'zh-TW': '對話券 5 張',
    });
  });

  it('when the key is not a pack or plan, answers 404; when the caller is not an operator, 403', async () => {
    const missing = await put('tickets-999', { name_i18n: {} });
    const customer = await put(
      'tickets-5',
      { name_i18n: {} },
      { authorization: `Bearer ${billing.svc.tokenFor('someone', ['customer'])}` },
    );

    expect(missing.statusCode).toBe(404);
    expect(customer.statusCode).toBe(403);
  });

  it('when an operator lists the texts, every pack and plan is there with whether it was edited', async () => {
    const res = await billing.svc.app.inject({
      method: 'GET',
      url: '/api/admin/billing/product_texts',
      headers: admin(),
    });

    const keys = res.json().texts.map((t: { key: string }) => t.key);
    expect(keys).toEqual([
      'tickets-1',
      'tickets-5',
      'tickets-10',
      'points-500',
      'points-1000',
      'plan:PROD001',
      'plan:OTHERS',
    ]);
    expect(res.json().texts[0].edited_at).toBeNull();
  });
});
