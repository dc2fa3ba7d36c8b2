import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, renderConsole, scriptedServer } from '../characters/testing.tsx';
import { block, character } from './testing.ts';

function editorServer() {
  return scriptedServer({
    [`GET ${API}/characters/c1/all`]: [200, { ok: true, character: character([block('b1'), block('b2')]), faults: [] }],
  });
}
const panel = () => screen.getByRole('complementary', { name: 'ブロックの編集' });
const listButton = (id: string) => within(screen.getByRole('table')).getByRole('button', { name: id });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('unsaved block edits', () => {
  it('BlocksPage, an edited title and another block clicked, asks; staying keeps the edit', async () => {
    editorServer();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await renderConsole('/ops/characters/c1/blocks?view=list&block=b1');

    fireEvent.change(
      await within(await screen.findByRole('complementary', { name: 'ブロックの編集' })).findByLabelText('タイトル'),
      { target: { value: '書きかけ' } },
    );
    fireEvent.click(listButton('b2'));

    expect(confirm).toHaveBeenCalledWith('保存していない変更があります。移動すると変更は失われます。移動しますか？');
    expect((within(panel()).getByLabelText('タイトル') as HTMLInputElement).value).toBe('書きかけ');
  });

  it('BlocksPage, an edited title and a console tab clicked, asks and stays when declined; leaves when accepted', async () => {
    editorServer();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await renderConsole('/ops/characters/c1/blocks?view=list&block=b1');
    fireEvent.change(
      await within(await screen.findByRole('complementary', { name: 'ブロックの編集' })).findByLabelText('タイトル'),
      { target: { value: '書きかけ' } },
    );
    const tab = () =>
      within(screen.getByRole('navigation', { name: 'キャラクターの画面' })).getByRole('link', { name: '初期設定' });

    fireEvent.click(tab());
    expect(panel()).toBeTruthy();
    confirm.mockReturnValue(true);
    fireEvent.click(tab());

    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'ブロックの編集' })).toBeNull());
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('BlocksPage, an edited title and the panel closed with ×, asks; staying keeps the panel open', async () => {
    editorServer();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await renderConsole('/ops/characters/c1/blocks?view=list&block=b1');
    fireEvent.change(
      await within(await screen.findByRole('complementary', { name: 'ブロックの編集' })).findByLabelText('タイトル'),
      { target: { value: '書きかけ' } },
    );

    fireEvent.click(within(panel()).getByRole('button', { name: '閉じる' }));

    expect(confirm).toHaveBeenCalledTimes(1);
    expect((within(panel()).getByLabelText('タイトル') as HTMLInputElement).value).toBe('書きかけ');
  });

  it('BlocksPage, no edit, moves to another block without asking', async () => {
    editorServer();
    const confirm = vi.spyOn(window, 'confirm');
    await renderConsole('/ops/characters/c1/blocks?view=list&block=b1');
    await screen.findByRole('complementary', { name: 'ブロックの編集' });

    fireEvent.click(listButton('b2'));

    await waitFor(() => expect(within(panel()).getByRole('heading', { name: 'タイトルb2' })).toBeTruthy());
    expect(confirm).not.toHaveBeenCalled();
  });

  it('BlocksPage, unsaved edits, asks the browser before the tab is closed', async () => {
    editorServer();
    await renderConsole('/ops/characters/c1/blocks?view=list&block=b1');
    const event = () => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e;
    };
    await screen.findByRole('complementary', { name: 'ブロックの編集' });
    const clean = event();

    fireEvent.change(within(panel()).getByLabelText('タイトル'), { target: { value: '書きかけ' } });

    await waitFor(() => expect(event().defaultPrevented).toBe(true));
    expect(clean.defaultPrevented).toBe(false);
  });
});
