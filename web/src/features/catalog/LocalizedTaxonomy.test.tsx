import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderRoutes } from '../../test/harness.tsx';
import ThemePage from './ThemePage.tsx';
import { menuCategory, menuCharacter } from './testing.ts';

const routes = [{ path: '/theme/:category/:a?/:b?', element: <ThemePage /> }];

/** A category with two groups, translated into en-US and zh-TW (fil-PH left to the Japanese). */
function seasons() {
  return menuCategory({
    name: '季節',
    name_i18n: { 'en-US': 'Seasons', 'zh-TW': '季節角色' },
    slug: 'seasons',
    description: '四季のキャラクター',
    description_i18n: { 'en-US': 'Characters of the four seasons' },
    groups: [
      {
        id: 'g-spring',
        name: '春',
        name_i18n: { 'en-US': 'Spring', 'zh-TW': '春天' },
        description: '春のなかま',
        description_i18n: { 'en-US': 'Friends of spring' },
        slug: '',
        characters: [menuCharacter({ name: 'ハル' })],
      },
      { id: 'g-summer', name: '夏', description: '', slug: '', characters: [menuCharacter({ name: 'ナツ' })] },
    ],
  });
}

describe('catalog titles in the interface language', () => {
  it('when the interface is en-US, the theme page names the category and its groups in English', async () => {
    fakeServer(() => [200, { ok: true, category: seasons() }]);

    await renderRoutes(routes, { path: '/theme/seasons', language: 'en-US' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Seasons' })).toBeTruthy();
    expect(screen.getByText('Characters of the four seasons')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Spring' })).toBeTruthy();
    expect(screen.getByText('Friends of spring')).toBeTruthy();
    const tabs = screen.getByRole('navigation');
    expect(within(tabs).getByRole('link', { name: 'Spring' })).toBeTruthy();
    expect(screen.queryByText('季節')).toBeNull();
  });

  it('when a group has no translation for the language, its Japanese title is shown', async () => {
    fakeServer(() => [200, { ok: true, category: seasons() }]);

    await renderRoutes(routes, { path: '/theme/seasons', language: 'zh-TW' });

    expect(await screen.findByRole('heading', { level: 1, name: '季節角色' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '春天' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '夏' })).toBeTruthy();
  });
});
