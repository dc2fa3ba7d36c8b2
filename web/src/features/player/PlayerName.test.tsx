import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { demoCharacter } from '@talkwith/dialogue-engine/demo';
import { renderRoutes } from '../../test/harness.tsx';
import type { Language } from '../../i18n/languages.ts';
import PlayerPage from './PlayerPage.tsx';
import { playerServer } from './controls-test-kit.tsx';
import { mediaFor } from './testing.ts';

const newSlug = () => `mirai-${Math.random().toString(36).slice(2, 8)}`;
const served = (slug: string) => ({
  ok: true,
  character: {
    id: demoCharacter.id,
    slug,
    name: 'ミライ',
    name_i18n: { 'en-US': 'Mirai', 'zh-TW': '未來' },
    description: '',
    avatar_url: null,
    playable: true,
    published_at: null,
    access: 'free',
    dialogue: demoCharacter,
    media: mediaFor(demoCharacter),
    locked: [],
  },
});
const open = (slug: string, language: Language) =>
  renderRoutes([{ path: '/full/chat/:character_slug', element: <PlayerPage /> }], {
    path: `/full/chat/${slug}`,
    language,
    state: { session: { status: 'guest', accessToken: null, user: null } },
  });

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockReturnValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new DOMException('no media', 'NotSupportedError'));
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("player bar, the character's name", () => {
  it('when the interface is en-US, the bar over the player names the character in English', async () => {
    const slug = newSlug();
    playerServer({ [`GET characters/by-slug/${slug}`]: [200, served(slug)] });

    await open(slug, 'en-US');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Mirai');
    expect(screen.queryByText('ミライ')).toBeNull();
  });

  it('when the interface is en-US, the translated name is marked to stay shown over a landscape clip (its corner carries only ミライ)', async () => {
    const slug = newSlug();
    playerServer({ [`GET characters/by-slug/${slug}`]: [200, served(slug)] });

    await open(slug, 'en-US');

    expect((await screen.findByRole('heading', { level: 1 })).className).toContain('player__name--translated');
  });

  it('when the interface language has no translation of the name, the bar keeps the Japanese', async () => {
    const slug = newSlug();
    playerServer({ [`GET characters/by-slug/${slug}`]: [200, served(slug)] });

    await open(slug, 'fil-PH');

    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('ミライ');
    expect(heading.className).not.toContain('player__name--translated');
  });
});
