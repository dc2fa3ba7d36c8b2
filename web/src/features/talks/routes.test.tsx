import type { PlayableCharacter } from '@talkwith/proto/catalog';
import { makeCharacter, makeSetting, publicCharacterOf } from '@talkwith/proto/dialogue';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/routes.tsx';
import { fakeServer, renderRoutes, sampleUser } from '../../test/harness.tsx';

/** The issue-14 routes of app/routes.tsx as a visitor meets them: real pages, log-in where needed, language prefixes. */

const suffix = () => Math.random().toString(36).slice(2, 8);
const ADMIN_PATH = `backstage-${suffix()}`;

function served(): PlayableCharacter {
  const id = `c-${suffix()}`;
  const character = makeCharacter({
    id,
    name: 'ユイ',
    slug: `yui-${suffix()}`,
    setting: makeSetting({ character_id: id }),
  });
  return {
    ok: true,
    character: {
      id,
      name: 'ユイ',
      description: '',
      slug: character.slug,
      avatar_url: null,
      playable: true,
      published_at: '2026-01-01T00:00:00.000Z',
      dialogue: publicCharacterOf(character),
      media: { videos: {}, posters: {}, subtitles: {} },
      locked: [],
      access: 'free',
    },
  };
}

/**
 * A gateway answering the pages' calls; anything else 404. The Shell restores
 * the session on mount (POST /api/auth/refresh when the CSRF cookie hints at
 * one, else signed out): with `signedIn` the refresh keeps a user signed in.
 */
function gateway({ signedIn = false, character = served() } = {}) {
  const { id, slug } = character.character;
  document.cookie = signedIn ? 'talkwith-csrf=test-csrf; path=/' : 'talkwith-csrf=; max-age=0; path=/';
  const user = { ...sampleUser, id: `u-${suffix()}` };
  const answers: Record<string, [number, unknown]> = {
    'POST auth/refresh': signedIn
      ? [200, { ok: true, accessToken: 'access-token', user }]
      : [401, { ok: false, code: 'UNAUTHORIZED', message: 'ログインしてください' }],
    'GET config': [200, { adminPath: ADMIN_PATH }],
    'POST history': [200, { ok: true, historyState: [] }],
    'GET characters': [200, { ok: true, characters: [] }],
    'GET catalog/menu': [200, { ok: true, categories: [], ungrouped: [] }],
    [`GET characters/by-slug/${slug}`]: [200, character],
    [`GET dialogue/album/${id}`]: [200, { ok: true, character_id: id, found: 0, total: 0, share: 0, blocks: [] }],
    'POST payment/user_purchase_history/get': [200, { ok: true, total: 0, purchases: [] }],
  };
  const server = fakeServer(
    (call) =>
      answers[`${call.method} ${call.url.replace(/^\/api\//, '')}`] ?? [
        404,
        { ok: false, code: 'NOT_FOUND', message: 'not scripted' },
      ],
  );
  return { server, slug: slug! };
}

const h1 = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

describe('talk routes', () => {
  // jsdom plays no media; /check's autoplay probe then finds none, quietly.
  beforeEach(() => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new DOMException('no media', 'NotSupportedError'));
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it.each([
    '/chat',
    '/full/album/yui',
    '/full/album/yui/btn-talk',
    '/full/purchases',
    '/en/full/album/yui',
    '/ja-JP/full/purchases',
  ])('%s, logged out, sends the visitor to log in first and back', async (path) => {
    gateway();

    const { router } = await renderRoutes(routes, { path });

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(path)}`);
  });

  it.each([
    ['/check', 'システムチェック'],
    ['/mic_test', 'マイクテスト'],
  ])('%s, logged out, renders its page (SPEC.md §2 does not ask for a log-in)', async (path, title) => {
    gateway();

    await renderRoutes(routes, { path });

    expect((await h1(title)).textContent).toBe(title);
  });

  it.each([
    ['/chat', 'トーク履歴'],
    ['/check', 'システムチェック'],
    ['/mic_test', 'マイクテスト'],
    ['/full/purchases', '購入履歴'],
  ])('%s, logged in, renders its page', async (path, title) => {
    gateway({ signedIn: true });

    await renderRoutes(routes, { path });

    expect((await h1(title)).textContent).toBe(title);
  });

  it('/full/album/{slug} and /full/album/{slug}/{button_id}, logged in, render the album (the unknown button as not found)', async () => {
    const { slug } = gateway({ signedIn: true });

    await renderRoutes(routes, { path: `/full/album/${slug}` });
    expect(await h1('ユイのアルバム')).toBeTruthy();
    cleanup();
    await renderRoutes(routes, { path: `/full/album/${slug}/btn-nope` });
    expect(await screen.findByText('このアルバムは見つかりませんでした。', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it.each([
    ['/full/term_of_use', 'TALK WITH 利用規約'],
    ['/full/privacy_policy', 'TALK WITH プライバシーポリシー'],
  ])('%s, logged out, is the document as a page of its own (no popup)', async (path, title) => {
    gateway();

    await renderRoutes(routes, { path });

    expect(await h1(title)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    ['/ja/full/main_menu', 'ja-JP', 'メインメニュー'],
    ['/en/full/term_of_use', 'en-US', 'TALK WITH 利用規約'],
    ['/zh-TW/full/select_chat', 'zh-TW', undefined],
    ['/fil/full/privacy_policy', 'fil-PH', 'TALK WITH プライバシーポリシー'],
  ])('%s, a language prefix, switches the interface to %s and renders the page', async (path, language, title) => {
    gateway();

    const { store } = await renderRoutes(routes, { path });

    // ja-JP is the language a fresh visit already has: nothing to switch.
    if (language !== 'ja-JP') {
      await vi.waitFor(() => expect(store.getState().language.current).toBe(language), { timeout: 5000 });
      expect(localStorage.getItem('talkwith-language')).toBe(language);
    }
    if (title) expect(await h1(title)).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeNull();
  });

  it('/en-US/full/album/{slug}, logged in, renders the page in English', async () => {
    gateway({ signedIn: true });

    await renderRoutes(routes, { path: '/en-US/full/album/nobody' });

    expect(await screen.findByText('This album was not found.', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('/xx/full/main_menu, an unknown first segment, is still not found (through the admin gate) and loads no menu', async () => {
    const { server } = gateway();

    await renderRoutes(routes, { path: '/xx/full/main_menu' });

    expect(await h1('ページが見つかりません')).toBeTruthy();
    expect(server.calls.some((call) => call.url === '/api/catalog/menu')).toBe(false);
  });

  it('/{admin prefix}/full/categories, logged out, reaches the admin gate (which asks to log in), not a language page', async () => {
    gateway();
    const path = `/${ADMIN_PATH}/full/categories`;

    const { router } = await renderRoutes(routes, { path });

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(path)}`);
  });
});
