import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { refusalOf } from '../billing/ConfirmDialog.tsx';
import { when } from '../billing/format.ts';
import { ADMIN_NS } from '../i18n.ts';
import { TrailName } from '../TrailName.tsx';
import { useAdminUserByIdQuery } from '../billing/billingAdminApi.ts';
import { useAdminUserAlbumQuery } from './userContentApi.ts';
import '../characters/characters.css';
import '../billing/billing.css';

/** `full/users/:id/:character_id/album`: what one user has found of one character (played or unlocked by a serial). */
export function UserAlbumPage() {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { apiBase, basePath } = useAdminBase();
  const { id: userId = '', character_id: characterId = '' } = useParams();
  const { data, error, isFetching } = useAdminUserAlbumQuery({ base: apiBase, userId, characterId });
  const userQuery = useAdminUserByIdQuery({ base: apiBase, userId });
  const user = userQuery.data?.user;
  const userPage = `${basePath}/full/users/${encodeURIComponent(userId)}?tab=content`;
  return (
    <>
      <nav className="billing-trail">
        <Link to={`${basePath}/full/users`}>{t('billing.users.title')}</Link> ›{' '}
        <Link to={userPage}>
          <TrailName id={userId} name={user?.email} pending={userQuery.isLoading} />
        </Link>{' '}
        › <TrailName id={characterId} name={data?.name} pending={isFetching && !data} />
      </nav>
      <div className="admin-head">
        <h2 className="admin-head__title">
          {t('userContent.albumTitle', { name: data?.name ?? (error ? characterId : '…') })}
        </h2>
      </div>
      <Card>
        {isFetching && !data && <Spinner label={t('billing.loading')} />}
        {error && <Notice kind="error">{refusalOf(error, t('billing.failed'))}</Notice>}
        {data && (
          <>
            <p>
              {t('userContent.foundOf', { found: data.found, total: data.total })}（{Math.round(data.share * 100)}%）
            </p>
            {data.blocks.length === 0 ? (
              <p className="admin-empty">{t('userContent.none')}</p>
            ) : (
              <table className="admin-table">
                <thead>
                  <tr>
                    <th>{t('userContent.block')}</th>
                    <th>{t('userContent.how')}</th>
                    <th>{t('userContent.times')}</th>
                    <th>{t('userContent.firstAt')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.blocks.map((block) => (
                    <tr key={block.block_id}>
                      <td>{block.title || block.block_id}</td>
                      <td data-label={t('userContent.how')}>{t(`userContent.howKind.${block.how}`)}</td>
                      <td data-label={t('userContent.times')}>{block.times}</td>
                      <td data-label={t('userContent.firstAt')} className="small">
                        {when(block.first_at, i18n.language)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </Card>
    </>
  );
}
