import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AlbumContent, HistoryContent, TalksContent } from '@talkwith/proto/dialogue';
import { Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { refusalOf } from '../billing/ConfirmDialog.tsx';
import { when } from '../billing/format.ts';
import { ADMIN_NS } from '../i18n.ts';
import { useAdminUsersContentQuery } from './userContentApi.ts';

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** The 会話 tab of `full/users/:id`: users_content 1 (where the user is with each character), 2 (albums) and 3 (latest talks). */
export function UserContentTab({ userId }: { userId: string }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const { data, error, isFetching } = useAdminUsersContentQuery({ base: apiBase, userId });
  if (isFetching && !data) return <Spinner label={t('billing.loading')} />;
  if (error) return <Notice kind="error">{refusalOf(error, t('billing.failed'))}</Notice>;
  if (!data) return null;
  return (
    <>
      {data.contents.map((content) =>
        content.kind === 'talk_history' ? (
          <History key="1" content={content} />
        ) : content.kind === 'album' ? (
          <Albums key="2" content={content} userId={userId} />
        ) : (
          <Talks key="3" content={content} />
        ),
      )}
    </>
  );
}

function History({ content }: { content: HistoryContent }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  return (
    <section>
      <h3 className="billing-subtitle">{t('userContent.history')}</h3>
      {content.items.length === 0 ? (
        <p className="admin-empty">{t('userContent.none')}</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th>{t('userContent.character')}</th>
              <th>{t('userContent.block')}</th>
              <th>{t('userContent.utterance')}</th>
              <th>{t('userContent.steps')}</th>
              <th>{t('userContent.updated')}</th>
            </tr>
          </thead>
          <tbody>
            {content.items.map((item) => (
              <tr key={item.character_id}>
                <td>{item.name}</td>
                <td data-label={t('userContent.block')}>{item.block_title ?? item.block_id}</td>
                <td data-label={t('userContent.utterance')}>{item.utterance || '—'}</td>
                <td data-label={t('userContent.steps')}>{item.steps}</td>
                <td data-label={t('userContent.updated')} className="small">
                  {when(item.updated_at, i18n.language)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Albums({ content, userId }: { content: AlbumContent; userId: string }) {
  const { t } = useTranslation(ADMIN_NS);
  const { basePath } = useAdminBase();
  return (
    <section>
      <h3 className="billing-subtitle">{t('userContent.albums')}</h3>
      {content.items.length === 0 ? (
        <p className="admin-empty">{t('userContent.none')}</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th>{t('userContent.character')}</th>
              <th>{t('userContent.found')}</th>
              <th>{t('userContent.share')}</th>
            </tr>
          </thead>
          <tbody>
            {content.items.map((item) => (
              <tr key={item.character_id}>
                <td>
                  <Link
                    className="admin-table__name"
                    to={`${basePath}/full/users/${encodeURIComponent(userId)}/${encodeURIComponent(item.character_id)}/album`}
                  >
                    {item.name}
                  </Link>
                </td>
                <td data-label={t('userContent.found')}>
                  {t('userContent.foundOf', { found: item.found, total: item.total })}
                </td>
                <td data-label={t('userContent.share')}>{percent(item.share)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Talks({ content }: { content: TalksContent }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  return (
    <section>
      <h3 className="billing-subtitle">{t('userContent.talks', { total: content.total })}</h3>
      {content.items.length === 0 ? (
        <p className="admin-empty">{t('userContent.none')}</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th>{t('userContent.started')}</th>
              <th>{t('userContent.character')}</th>
              <th>{t('userContent.status')}</th>
              <th>{t('userContent.billed')}</th>
              <th>{t('userContent.ticket')}</th>
            </tr>
          </thead>
          <tbody>
            {content.items.map((talk) => (
              <tr key={talk.talk_id}>
                <td className="small">{when(talk.started_at, i18n.language)}</td>
                <td data-label={t('userContent.character')}>{talk.name}</td>
                <td data-label={t('userContent.status')}>
                  {t(`userContent.talkStatus.${talk.status}`)}
                  {talk.end_reason ? `（${talk.end_reason}）` : ''}
                </td>
                <td data-label={t('userContent.billed')}>
                  {t('userContent.seconds', { n: Math.round(talk.total_billed_time) })}
                </td>
                <td data-label={t('userContent.ticket')} className="small">
                  {talk.ticket_use_id ? <code>{talk.ticket_use_id.slice(0, 8)}</code> : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
