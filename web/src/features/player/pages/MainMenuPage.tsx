import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Page } from '../../../app/ui.tsx';

/** /full/main_menu: the landing of the full product. */
export default function MainMenuPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('fullMenu.title')}>
      <Card>
        <p>{t('fullMenu.lead')}</p>
        <Link className="btn btn--primary btn--large" to="/full/select_chat">{t('fullMenu.selectChat')}</Link>
      </Card>
    </Page>
  );
}
