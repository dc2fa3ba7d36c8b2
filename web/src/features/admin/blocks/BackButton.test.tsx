import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInBrowser } from '../../../test/harness.tsx';
import AdminConsole from '../AdminConsole.tsx';
import { API, BASE, adminSession, scriptedServer } from '../characters/testing.tsx';
import { block, character } from './testing.ts';

const BLOCK_PAGE = '/ops/characters/c1/blocks?view=list&block=b1';

/** A page before the block editor in the browser's history, then the editor reached by a link (a pushed entry). */
async function editedBlockAfterAnotherPage() {
  scriptedServer({
    [`GET ${API}/characters/c1/all`]: [200, { ok: true, character: character([block('b1'), block('b2')]), faults: [] }],
  });
  await renderInBrowser(
    [
      { path: '/before', element: <Link to={BLOCK_PAGE}>ブロックへ</Link> },
      { path: `${BASE}/*`, element: <AdminConsole basePath={BASE} apiBase={API} /> },
    ],
    { path: '/before', state: { session: adminSession } },
  );
  fireEvent.click(screen.getByRole('link', { name: 'ブロックへ' }));
  const panel = await screen.findByRole('complementary', { name: 'ブロックの編集' });
  fireEvent.change(await within(panel).findByLabelText('タイトル'), { target: { value: '書きかけ' } });
}

const title = () =>
  within(screen.getByRole('complementary', { name: 'ブロックの編集' })).getByLabelText('タイトル') as HTMLInputElement;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the browser Back button over unsaved block edits', () => {
  it('BlocksPage, an edited title and Back pressed, asks; staying keeps the edit and the address', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await editedBlockAfterAnotherPage();

    window.history.back();

    await waitFor(() => expect(confirm).toHaveBeenCalledWith(expect.stringContaining('保存していない変更があります')));
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe(BLOCK_PAGE));
    expect(title().value).toBe('書きかけ');
    expect(screen.queryByRole('link', { name: 'ブロックへ' })).toBeNull();
  });

  it('BlocksPage, an edited title and Back pressed, leaves when the operator agrees', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await editedBlockAfterAnotherPage();

    window.history.back();

    expect(await screen.findByRole('link', { name: 'ブロックへ' })).toBeTruthy();
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/before');
  });
});
