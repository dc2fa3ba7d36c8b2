import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { useAdminUsersQuery } from '../adminApi.ts';
import { ADMIN_NS } from '../i18n.ts';
import type { AdminMessages } from '../messages.ts';
import { useAdminCharactersQuery } from '../characters/charactersApi.ts';
import { TodayFigures } from './TodayFigures.tsx';

function CountTile({
  to,
  label,
  count,
  loading,
}: {
  to: string;
  label: string;
  count: number | undefined;
  loading: boolean;
}) {
  return (
    <Link className="home-tile" to={to}>
      <span className="home-tile__count">{count ?? (loading ? '…' : '—')}</span>
      <span className="home-tile__label">{label}</span>
    </Link>
  );
}

/** `index`: the console's home — today's figures with their week, how many characters and users there are, and where each area lives. */
export function AdminHome() {
  const { t } = useTranslation(ADMIN_NS);
  const { basePath, apiBase } = useAdminBase();
  const characters = useAdminCharactersQuery({ base: apiBase, q: '', page: 1 });
  const users = useAdminUsersQuery({ base: apiBase, email: '', exact: false, onlyNew: false, page: 1 });
  const published = characters.data?.characters.filter((c) => c.published_at !== null).length;
  const areas: [string, keyof AdminMessages['home']['area']][] = [
    ['logs', 'logs'],
    ['characters', 'characters'],
    ['full/categories', 'categories'],
    ['users', 'users'],
    ['mail', 'mail'],
  ];
  return (
    <>
      <TodayFigures />
      <div className="home-tiles">
        <CountTile
          to={`${basePath}/characters`}
          label={t('home.characters')}
          count={characters.data?.total}
          loading={characters.isLoading}
        />
        {characters.data && characters.data.total <= characters.data.per_page && (
          <CountTile to={`${basePath}/characters`} label={t('home.published')} count={published} loading={false} />
        )}
        <CountTile
          to={`${basePath}/users`}
          label={t('home.users')}
          count={users.data?.total}
          loading={users.isLoading}
        />
      </div>
      <Card>
        <h2 className="section-title">{t('home.areas')}</h2>
        <ul className="menu-list home-areas">
          {areas.map(([path, key]) => (
            <li key={path}>
              <Link to={`${basePath}/${path}`}>
                <span className="home-areas__text">
                  <strong>{t(`home.area.${key}.title`)}</strong>
                  <span className="muted small">{t(`home.area.${key}.lead`)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    </>
  );
}
