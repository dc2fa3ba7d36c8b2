import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API, renderConsole, scriptedServer } from '../characters/testing.tsx';

const user = { ok: true, user: { id: 'u-1', email: 'hanako@example.jp', nickname: 'はなこ', roles: ['customer'] } };
const content = {
  ok: true,
  user_id: 'u-1',
  contents: [
    {
      id: 1,
      kind: 'talk_history',
      items: [
        {
          character_id: 'mirai',
          name: 'ミライ',
          block_id: 'b3',
          block_title: '占い',
          conversation_id: null,
          utterance: '占いして',
          steps: 5,
          updated_at: '2026-03-01T03:00:00.000Z',
        },
      ],
    },
    {
      id: 2,
      kind: 'album',
      items: [
        {
          character_id: 'mirai',
          name: 'ミライ',
          found: 3,
          total: 12,
          share: 0.25,
          last_at: '2026-03-01T03:00:00.000Z',
        },
      ],
    },
    {
      id: 3,
      kind: 'talks',
      total: 1,
      items: [
        {
          talk_id: 't-1',
          character_id: 'mirai',
          name: 'ミライ',
          btn: 'start',
          status: 'ended',
          ticket_use_id: null,
          started_at: '2026-03-01T02:50:00.000Z',
          replied_at: null,
          ended_at: '2026-03-01T03:00:00.000Z',
          total_billed_time: 42,
          end_reason: 'completed',
        },
      ],
    },
  ],
};
const album = {
  ok: true,
  user_id: 'u-1',
  character_id: 'mirai',
  name: 'ミライ',
  found: 2,
  total: 8,
  share: 0.25,
  blocks: [
    { block_id: 'b1', title: 'はじめまして', how: 'played', first_at: '2026-03-01T03:00:00.000Z', times: 2 },
    { block_id: 'b7', title: '秘密', how: 'serial', first_at: '2026-03-02T03:00:00.000Z', times: 0 },
  ],
};

describe('full user content tab and album page', () => {
  it('会話・アルバム tab, answered with the three contents, shows the place, the album share linking to the album and the latest talk', async () => {
    const server = scriptedServer({
      [`GET ${API}/users/u-1`]: [200, user],
      [`POST ${API}/users_content/u-1`]: [200, content],
    });

    await renderConsole('/ops/full/users/u-1');
    fireEvent.click(await screen.findByRole('tab', { name: '会話・アルバム' }));

    const link = await screen.findByRole('link', { name: 'ミライ' });
    expect(link.getAttribute('href')).toBe('/ops/full/users/u-1/mirai/album');
    expect(within(link.closest('tr')!).getByText('25%')).toBeTruthy();
    expect(screen.getByText('占い')).toBeTruthy();
    expect(screen.getByText('最近の会話（全 1 件）')).toBeTruthy();
    expect(screen.getByText('42秒')).toBeTruthy();
    await vi.waitFor(() =>
      expect(server.calls.find((c) => c.url === `${API}/users_content/u-1`)?.body).toEqual({ ids: [1, 2, 3] }),
    );
  });

  it("album page, a user's album of a character, lists the blocks found and how", async () => {
    scriptedServer({ [`GET ${API}/full/users/u-1/mirai/album`]: [200, album] });

    await renderConsole('/ops/full/users/u-1/mirai/album');

    expect(await screen.findByRole('heading', { name: 'ミライ のアルバム' })).toBeTruthy();
    expect(within(screen.getByText('秘密').closest('tr')!).getByText('シリアルで解放')).toBeTruthy();
    expect(within(screen.getByText('はじめまして').closest('tr')!).getByText('会話で再生')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'u-1' }).getAttribute('href')).toBe('/ops/full/users/u-1?tab=content');
  });

  it("album page, a character that is not published, shows the server's message", async () => {
    scriptedServer({
      [`GET ${API}/full/users/u-1/gone/album`]: [
        404,
        { ok: false, code: 'CHARACTER_NOT_FOUND', message: 'キャラクターが見つかりません。' },
      ],
    });

    await renderConsole('/ops/full/users/u-1/gone/album');

    expect(await screen.findByText('キャラクターが見つかりません。')).toBeTruthy();
  });
});
