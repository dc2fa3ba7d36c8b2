import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/harness.tsx';
import EditCardPage from './EditCardPage.tsx';
import { aCard, aUser, billingServer, inShell, signedInAs } from './testing.tsx';

const open = () =>
  renderRoutes(inShell([{ path: '/payment/editcard', element: <EditCardPage /> }]), {
    path: '/payment/editcard',
    state: signedInAs(aUser()),
  });

/** Types a card once the form knows where to tokenise it (billing names the token endpoint). */
async function typeCard() {
  await waitFor(() =>
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'このカードを登録する' }).disabled).toBe(false),
  );
  fireEvent.change(screen.getByLabelText('カード番号'), { target: { value: '4000 0000 0000 3220' } });
  fireEvent.change(screen.getByLabelText('有効期限（月/年）'), { target: { value: '1230' } });
  fireEvent.change(screen.getByLabelText('セキュリティコード'), { target: { value: '999' } });
}

describe('EditCardPage', () => {
  it('EditCardPage, saved cards, lists them masked with the default marked', async () => {
    billingServer({
      'POST payment/card/info/get': [
        200,
        { ok: true, cards: [aCard(), aCard({ default: false, masked: '************0002', brand: 'MASTER' })] },
      ],
    });

    await open();

    const list = await screen.findByRole('list');
    expect(within(list).getByText('VISA ************1111')).toBeTruthy();
    expect(within(list).getByText('MASTER ************0002')).toBeTruthy();
    expect(within(list).getByText('いつも使うカード')).toBeTruthy();
    expect(within(list).getAllByRole('button', { name: 'いつも使うカードにする' })).toHaveLength(1);
  });

  it('EditCardPage, adding a card, posts the card to the token endpoint and only the token to billing, then clears the form', async () => {
    const server = billingServer({
      'POST payment/card/info/get': [200, { ok: true, cards: [] }],
      'POST payment/sandbox/tokens': [200, { status: 'success', token: 'tok-xyz' }],
      'POST payment/card/info/add': [200, { ok: true, card: aCard() }],
    });

    const { store } = await open();
    await screen.findByText('登録されているカードはありません。');
    await typeCard();
    fireEvent.click(screen.getByRole('button', { name: 'このカードを登録する' }));

    expect(await screen.findByText('カードを登録しました。')).toBeTruthy();
    expect(server.calls.find((c) => c.url === '/api/payment/sandbox/tokens')?.body).toMatchObject({
      card_number: '4000000000003220',
      card_expire: '12/30',
    });
    expect(server.calls.find((c) => c.url === '/api/payment/card/info/add')?.body).toEqual({
      token: 'tok-xyz',
      default: true,
    });
    expect((screen.getByLabelText('カード番号') as HTMLInputElement).value).toBe('');
    expect(JSON.stringify(store.getState())).not.toContain('3220');
  });

  it('EditCardPage, the token endpoint refusing the card, shows its reason and sends nothing to billing', async () => {
    const server = billingServer({
      'POST payment/card/info/get': [200, { ok: true, cards: [] }],
      'POST payment/sandbox/tokens': [
        400,
        { status: 'failure', code: 'Z100', message: 'カード番号が正しくありません。' },
      ],
    });

    await open();
    await screen.findByText('登録されているカードはありません。');
    await typeCard();
    fireEvent.click(screen.getByRole('button', { name: 'このカードを登録する' }));

    expect(await screen.findByText('カード番号が正しくありません。')).toBeTruthy();
    expect(server.calls.some((c) => c.url === '/api/payment/card/info/add')).toBe(false);
  });

  it('EditCardPage, make default, sends that card id', async () => {
    const other = aCard({ default: false, masked: '************0002' });
    const server = billingServer({
      'POST payment/card/info/get': [200, { ok: true, cards: [aCard(), other] }],
      'POST payment/card/info/change_default': [200, { ok: true, cards: [] }],
    });

    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'いつも使うカードにする' }));

    expect(await screen.findByText('いつも使うカードを変更しました。')).toBeTruthy();
    expect(server.calls.find((c) => c.url === '/api/payment/card/info/change_default')?.body).toEqual({
      card_id: other.card_id,
    });
  });

  it('EditCardPage, delete, asks first and deletes only after 削除 in the dialog', async () => {
    const card = aCard();
    const server = billingServer({
      'POST payment/card/info/get': [200, { ok: true, cards: [card] }],
      'POST payment/card/info/delete': [200, { ok: true }],
    });

    await open();
    fireEvent.click(await screen.findByRole('button', { name: '削除' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('カード ************1111 を削除しますか？')).toBeTruthy();
    expect(server.calls.some((c) => c.url === '/api/payment/card/info/delete')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '削除' }));

    expect(await screen.findByText('カードを削除しました。')).toBeTruthy();
    await vi.waitFor(() =>
      expect(server.calls.find((c) => c.url === '/api/payment/card/info/delete')?.body).toEqual({
        card_id: card.card_id,
      }),
    );
  });
});
