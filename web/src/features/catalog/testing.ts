import type { CatalogMenu, MenuCategory, MenuCharacter } from '@talkwith/proto/catalog';

/** Menu data for the catalog page tests; each test builds its own from these. */

let next = 0;
export function menuCharacter(fields: Partial<MenuCharacter> = {}): MenuCharacter {
  next += 1;
  return {
    id: `c${next}`,
    name: `キャラ${next}`,
    slug: `chara-${next}`,
    avatar_url: null,
    price: 0,
    playable: true,
    published_at: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

export function menuCategory(fields: Partial<MenuCategory> = {}): MenuCategory {
  next += 1;
  return {
    id: `cat${next}`,
    name: `カテゴリー${next}`,
    slug: `category-${next}`,
    description: '',
    groups: [],
    ...fields,
  };
}

export const menuOf = (categories: MenuCategory[], ungrouped: MenuCharacter[] = []): CatalogMenu => ({
  ok: true,
  categories,
  ungrouped,
});
