import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/harness.tsx';
import CommerceLawPage from './CommerceLawPage.tsx';
import SettlementLawPage from './SettlementLawPage.tsx';

const routes = [
  { path: '/commerce_law', element: <CommerceLawPage /> },
  { path: '/settlement_law', element: <SettlementLawPage /> },
];
const guest = { session: { status: 'guest' as const, accessToken: null, user: null } };

function detailOf(term: string): string {
  return screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

describe('law pages', () => {
  it('commerce_law, for a guest, lists every item the 特定商取引法 asks for with no refund of tickets', async () => {
    await renderRoutes(routes, { path: '/commerce_law', state: guest });

    expect(await screen.findByRole('heading', { level: 1, name: '特定商取引法に基づく表記' })).toBeTruthy();
    for (const term of [
      '販売事業者',
      '運営責任者',
      '所在地',
      '電話番号',
      'メールアドレス',
      '販売価格',
      '商品代金以外の必要料金',
      '支払方法',
      '支払時期',
      '引渡時期',
      '返品・キャンセル',
    ]) {
      expect(detailOf(term).length, term).toBeGreaterThan(5);
    }
    expect(detailOf('販売事業者')).toBe('TALK WITH 運営事務局');
    expect(detailOf('電話番号')).toContain('遅滞なく開示');
    expect(detailOf('返品・キャンセル')).toContain('トークチケットの払い戻し・再発行はいたしません');
    expect(detailOf('販売価格')).toContain('月額1,100円');
  });

  it('settlement_law, for a guest, states issuer, validity (3 and 6 months), no refund of unused balance and links the terms', async () => {
    await renderRoutes(routes, { path: '/settlement_law', state: guest });

    const article = await screen.findByRole('article');
    expect(within(article).getByRole('heading', { level: 1, name: '資金決済法に基づく表示' })).toBeTruthy();
    expect(detailOf('発行者')).toBe('TALK WITH 運営事務局');
    expect(detailOf('有効期間')).toContain('付与日から3か月');
    expect(detailOf('有効期間')).toContain('付与日から6か月');
    expect(detailOf('払戻し')).toContain('未使用残高の払戻しはいたしません');
    for (const term of ['支払可能金額等', '使用できる施設または場所の範囲', 'お問い合わせ先', '利用上の注意'])
      expect(detailOf(term).length, term).toBeGreaterThan(5);
    expect(within(article).getByRole('link', { name: 'TALK WITH 利用規約' }).getAttribute('href')).toBe(
      '/terms_of_use',
    );
  });
});
