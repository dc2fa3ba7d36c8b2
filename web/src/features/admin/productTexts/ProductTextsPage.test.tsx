import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, renderConsole, scriptedServer } from '../characters/testing.tsx';

const text = (over: Record<string, unknown> = {}) => ({
  key: 'tickets-5',
  kind: 'tickets',
  name: 'トークチケット 5枚',
  name_i18n: { 'en-US': '5 talk tickets' },
  edited_at: null,
  ...over,
});

describe('ProductTextsPage', () => {
  it('when an operator drafts zh-TW from Japanese and saves, the translate call is asked and the three languages are sent', async () => {
    const server = scriptedServer({
      [`GET ${API}/billing/product_texts`]: [200, { ok: true, texts: [text()] }],
      [`POST ${API}/translate`]: (call) => [
        200,
        {
          ok: true,
          text: (call.body as { target: string }).target === 'zh-TW' ? '對話券 5 張' : '?',
          target: 'zh-TW',
          available: true,
        },
      ],
      [`PUT ${API}/billing/product_texts/tickets-5`]: (call) => [
        200,
        { ok: true, text: text({ ...(call.body as object), edited_at: '2026-11-27T00:00:00.000Z' }) },
      ],
    });
    await renderConsole('/ops/product_texts');
    const form = await screen.findByRole('form', { name: 'トークチケット 5枚' });

    fireEvent.click(within(form).getByRole('button', { name: '名前を zh-TW に翻訳して下書き' }));
    await vi.waitFor(() =>
      expect((within(form).getByLabelText('名前（zh-TW）') as HTMLInputElement).value).toBe('對話券 5 張'),
    );
    fireEvent.change(within(form).getByLabelText('名前（fil-PH）'), { target: { value: '5 na talk ticket' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));

    await screen.findByText('保存しました。');
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
      text: 'トークチケット 5枚',
      target: 'zh-TW',
    });
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name_i18n: { 'en-US': '5 talk tickets', 'zh-TW': '對話券 5 張', 'fil-PH': '5 na talk ticket' },
    });
  });

  it('when the translator has no translation, says so and leaves the field as it was', async () => {
    scriptedServer({
      [`GET ${API}/billing/product_texts`]: [200, { ok: true, texts: [text({ name_i18n: {} })] }],
      [`POST ${API}/translate`]: [200, { ok: true, text: 'トークチケット 5枚', target: 'en-US', available: false }],
    });
    await renderConsole('/ops/product_texts');
    const form = await screen.findByRole('form', { name: 'トークチケット 5枚' });

    fireEvent.click(within(form).getByRole('button', { name: '名前を en-US に翻訳して下書き' }));

    expect(await within(form).findByText('en-US の翻訳が見つかりませんでした。手で入力してください。')).toBeTruthy();
    expect((within(form).getByLabelText('名前（en-US）') as HTMLInputElement).value).toBe('');
  });
});

describe('ProductTextsPage, unsaved names', () => {
  const UNSAVED = '保存していない変更があります。移動すると変更は失われます。移動しますか？';

  /** The server keeps what was saved: the list after a save answers with it. */
  function storingServer() {
    let stored = text();
    return scriptedServer({
      [`GET ${API}/billing/product_texts`]: () => [200, { ok: true, texts: [stored] }],
      [`PUT ${API}/billing/product_texts/tickets-5`]: (call) => {
        stored = text({ ...(call.body as object), edited_at: '2026-11-27T00:00:00.000Z' });
        return [200, { ok: true, text: stored }];
      },
    });
  }

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('ProductTextForm, a name typed and a console link clicked, asks; staying keeps the typed name', async () => {
    storingServer();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await renderConsole('/ops/product_texts');
    const form = await screen.findByRole('form', { name: 'トークチケット 5枚' });
    fireEvent.change(within(form).getByLabelText('名前（fil-PH）'), { target: { value: '5 na talk ticket' } });

    fireEvent.click(screen.getByRole('link', { name: 'ログ' }));

    expect(confirm).toHaveBeenCalledWith(UNSAVED);
    expect((within(form).getByLabelText('名前（fil-PH）') as HTMLInputElement).value).toBe('5 na talk ticket');
  });

  it('ProductTextForm, a typed name saved, leaves without asking', async () => {
    storingServer();
    const confirm = vi.spyOn(window, 'confirm');
    await renderConsole('/ops/product_texts');
    const form = await screen.findByRole('form', { name: 'トークチケット 5枚' });
    fireEvent.change(within(form).getByLabelText('名前（fil-PH）'), { target: { value: '5 na talk ticket' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await screen.findByText(/に編集/);

    fireEvent.click(screen.getByRole('link', { name: 'ログ' }));

    await vi.waitFor(() => expect(screen.queryByRole('form', { name: 'トークチケット 5枚' })).toBeNull());
    expect(confirm).not.toHaveBeenCalled();
  });
});
