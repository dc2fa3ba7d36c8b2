import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import { renderRoutes } from '../../test/harness.tsx';
import PlayerPage from './PlayerPage.tsx';
import { aCustomer, playerServer } from './controls-test-kit.tsx';
import { mediaFor } from './testing.ts';

const served = (slug: string, access: string, price = 0) => ({
  ok: true,
  character: {
    id: demoCharacter.id,
    slug,
    name: 'ミライ',
    description: '',
    avatar_url: null,
    playable: true,
    published_at: null,
    access,
    dialogue: { ...demoCharacter, price },
    media: mediaFor(demoCharacter),
    locked: [],
  },
});
const anOperator = () => ({ ...aCustomer(), roles: ['admin' as const] });
const open = (slug: string, user: ReturnType<typeof aCustomer> | ReturnType<typeof anOperator>) =>
  renderRoutes([{ path: '/full/chat/:character_slug', element: <PlayerPage /> }], {
    path: `/full/chat/${slug}`,
    state: { session: { status: 'authenticated', accessToken: 'access-token', user } },
  });
const newSlug = () => `mirai-${Math.random().toString(36).slice(2, 8)}`;

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockReturnValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new DOMException('no media', 'NotSupportedError'));
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("player, an operator's preview of the draft", () => {
  it('an operator on an unpublished character (404), plays the draft asked of the admin route, marked プレビュー', async () => {
    const slug = newSlug();
    const server = playerServer({ [`POST admin/characters/by-slug/${slug}/try`]: [200, served(slug, 'draft')] });

    await open(slug, anOperator());

    expect(await screen.findByTestId('preview-marker')).toBeTruthy();
    expect(screen.getByTestId('player')).toBeTruthy();
    expect(server.calls.some((c) => c.url.startsWith('/api/dialogue/talks'))).toBe(false);
  });

  it('an operator on a priced published character, plays its draft, with no ticket asked', async () => {
    const slug = newSlug();
    playerServer({
      [`GET characters/by-slug/${slug}`]: [200, served(slug, 'operator', 800)],
      [`POST admin/characters/by-slug/${slug}/try`]: [200, served(slug, 'draft', 800)],
    });

    await open(slug, anOperator());

    expect(await screen.findByTestId('preview-marker')).toBeTruthy();
    expect(screen.queryByText(/チケット/u)).toBeNull();
  });

  it('an operator whose admin API base arrives after the page settled, asks again under that base and plays the draft', async () => {
    const slug = newSlug();
    const lateConfig = () =>
      new Promise<[number, unknown]>((resolve) => setTimeout(() => resolve([200, { adminApiBase: '/api/ops' }]), 300));
    const server = playerServer({
      'GET config': lateConfig,
      [`POST ops/characters/by-slug/${slug}/try`]: [200, served(slug, 'draft')],
    });

    await open(slug, anOperator());

    expect(await screen.findByTestId('preview-marker', {}, { timeout: 3000 })).toBeTruthy();
    expect(server.calls.some((c) => c.url === `/api/ops/characters/by-slug/${slug}/try`)).toBe(true);
  });

  it('a customer on an unpublished character, is told it is not available and never asks for the draft', async () => {
    const slug = newSlug();
    const server = playerServer();

    await open(slug, aCustomer());

    expect(await screen.findByText('このキャラクターとは話せません。')).toBeTruthy();
    expect(server.calls.some((c) => c.url.includes('/try'))).toBe(false);
    expect(screen.queryByTestId('preview-marker')).toBeNull();
  });
});
