import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Page } from '../../app/ui.tsx';
import './catalog.css';

const NAME_MAX = 100;

/** /coming_soon: where a character that cannot be talked with yet leads (SPEC.md §2). */
export default function ComingSoonPage() {
  const { t } = useTranslation('catalog');
  const [params] = useSearchParams();
  const name = params.get('name')?.trim().slice(0, NAME_MAX);
  return (
    <Page title={t('catalog.comingSoon.title')}>
      <Card className="coming-soon">
        <div className="coming-soon__mark" aria-hidden="true">
          ✦
        </div>
        <p className="coming-soon__lead">
          {name ? t('catalog.comingSoon.named', { name }) : t('catalog.comingSoon.lead')}
        </p>
        <p className="muted">{t('catalog.comingSoon.meanwhile')}</p>
        <Link className="btn btn--primary btn--large btn--block" to="/full/main_menu">
          {t('catalog.backToMenu')}
        </Link>
      </Card>
    </Page>
  );
}
