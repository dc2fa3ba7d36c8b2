import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Notice, Page, Spinner } from '../../app/ui.tsx';
import type { useAlbumData } from './useAlbumData.ts';

/** An album page before it can show anything: loading, not a character (or button) the caller can open, or a failed read with a retry. */
export function AlbumUnready({
  state,
}: {
  state: Pick<ReturnType<typeof useAlbumData>, 'loading' | 'notFound' | 'retry'>;
}) {
  const { t } = useTranslation('album');
  if (state.loading)
    return (
      <Page title={t('album.title')}>
        <Spinner label={t('common.loading')} />
      </Page>
    );
  if (state.notFound) return <AlbumMissing />;
  return (
    <Page title={t('album.title')}>
      <Notice kind="error">{t('album.loadFailed')}</Notice>
      <button type="button" className="btn btn--ghost" onClick={state.retry}>
        {t('album.retry')}
      </button>
    </Page>
  );
}

export function AlbumMissing() {
  const { t } = useTranslation('album');
  return (
    <Page title={t('album.title')}>
      <Card>
        <p>{t('album.notFound')}</p>
        <Link className="btn btn--primary btn--block" to="/chat">
          {t('album.toTalks')}
        </Link>
      </Card>
    </Page>
  );
}
