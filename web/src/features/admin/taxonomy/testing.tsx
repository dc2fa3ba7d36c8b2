import type { Category, Group, TaxonomyCharacter } from '@talkwith/proto/catalog';
import { Shell } from '../../../app/Shell.tsx';
import { renderRoutes } from '../../../test/harness.tsx';
import AdminConsole from '../AdminConsole.tsx';
import { adminSession, API, BASE } from '../characters/testing.tsx';

/** Data of the taxonomy screen tests (each test builds its own). */

const at = '2026-01-01T00:00:00.000Z';

export const category = (over: Partial<Category> = {}): Category => ({
  id: 'cat1',
  name: '学園',
  slug: 'school',
  description: '',
  sort_order: 0,
  group_count: 0,
  created_at: at,
  updated_at: at,
  ...over,
});

export const group = (over: Partial<Group> = {}): Group => ({
  id: 'g1',
  category_id: 'cat1',
  name: '二年A組',
  description: '',
  sort_order: 0,
  character_count: 0,
  created_at: at,
  updated_at: at,
  ...over,
});

export const taxonomyCharacter = (over: Partial<TaxonomyCharacter> = {}): TaxonomyCharacter => ({
  id: 'yui',
  name: 'ユイ',
  slug: 'yui',
  price: 0,
  avatar_url: null,
  published_at: at,
  group_id: null,
  group_name: null,
  category_id: null,
  category_name: null,
  ...over,
});

/** The console inside the app's Shell, so confirmations open in the shared popup dialog as in the browser. */
export function renderConsoleInShell(path: string) {
  return renderRoutes(
    [
      {
        element: <Shell />,
        children: [{ path: `${BASE}/*`, element: <AdminConsole basePath={BASE} apiBase={API} /> }],
      },
    ],
    { path, state: { session: adminSession } },
  );
}
