import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import { renderRoutes } from '../../test/harness.tsx';
import PlayerPage from './PlayerPage.tsx';
import { playerServer } from './controls-test-kit.tsx';
import { mediaFor } from './testing.ts';

/** navigator.locks of a browser where another tab already holds every player lock. */
function locksHeldElsewhere() {
  const requests: string[] = [];
  vi.stubGlobal(
    'navigator',
    Object.assign(Object.create(navigator) as Navigator, {
      locks: {
        request: (name: string, _options: unknown, callback: (lock: unknown) => unknown) => {
          requests.push(name);
          return Promise.resolve(callback(null));
        },
      },
    }),
  );
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('player page', () => {
  it('PlayerPage, the same character already open in another tab, shows the two-tab message instead of the player', async () => {
    const requests = locksHeldElsewhere();
    const slug = `mirai-${Math.random().toString(36).slice(2, 8)}`;
    playerServer({
      [`GET characters/by-slug/${slug}`]: [
        200,
        {
          ok: true,
          character: {
            id: demoCharacter.id,
            slug,
            name: 'ミライ',
            price: 0,
            avatar: '',
            group_id: null,
            dialogue: demoCharacter,
            media: mediaFor(demoCharacter),
            locked: [],
          },
        },
      ],
    });

    await renderRoutes([{ path: '/full/chat/:character_slug', element: <PlayerPage /> }], {
      path: `/full/chat/${slug}`,
      state: { session: { status: 'guest', accessToken: null, user: null } },
    });

    expect(await screen.findByText(/このページはほかのタブで開かれています。/u)).toBeTruthy();
    expect(screen.queryByTestId('player')).toBeNull();
    expect(requests).toEqual([`talkwith-player:${slug}`]);
  });
});
