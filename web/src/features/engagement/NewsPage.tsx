import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice, Page, Spinner } from '../../app/ui.tsx';
import { useNewsQuery } from './pagesApi.ts';
import { formatDate } from './format.ts';
import { Pager } from './Pager.tsx';
import './engagement.css';

/** /news (public): the news of TALK WITH, newest first. */
export default function NewsPage() {
  const { t, i18n } = useTranslation('engagement');
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = useNewsQuery(page);
  const news = data?.news ?? [];
  return (
    <Page title={t('engagement.news.title')} lead={t('engagement.news.lead')}>
      {isLoading && <Spinner label={t('engagement.loading')} />}
      {isError && <Notice kind="error">{t('engagement.loadFailed')}</Notice>}
      {data && news.length === 0 && <p className="card muted">{t('engagement.news.empty')}</p>}
      {news.length > 0 && (
        <ul className="engagement-feed" aria-label={t('engagement.news.title')}>
          {news.map((item) => (
            <li key={item.id} className="engagement-feed__item">
              <time className="small muted" dateTime={item.published_at}>
                {formatDate(item.published_at, i18n.language)}
              </time>
              <h2 className="engagement-feed__title">{item.title}</h2>
              <p className="engagement-feed__body">{item.body}</p>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={data?.pages ?? 1} label={t('engagement.news.pages')} onPage={setPage} />
    </Page>
  );
}
