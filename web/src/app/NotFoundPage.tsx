import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Page } from './ui.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('notFound.title')}>
      <Card>
        <p>{t('notFound.body')}</p>
        <Link className="btn btn--primary btn--block" to="/">
          {t('notFound.home')}
        </Link>
      </Card>
    </Page>
  );
}
