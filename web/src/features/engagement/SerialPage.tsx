import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Page } from '../../app/ui.tsx';
import { SerialForm } from './SerialForm.tsx';
import { UnlockList } from './UnlockList.tsx';
import './engagement.css';

/** /serial (login required): redeem a serial code, and the codes redeemed so far. */
export default function SerialPage() {
  const { t } = useTranslation('engagement');
  return (
    <Page title={t('engagement.serial.title')} lead={t('engagement.serial.lead')}>
      <Card>
        <SerialForm />
      </Card>
      <UnlockList />
      <p className="engagement-links">
        <Link to="/coupon">{t('engagement.coupon.title')}</Link>
        <Link to="/contact">{t('engagement.contact.title')}</Link>
      </p>
    </Page>
  );
}
