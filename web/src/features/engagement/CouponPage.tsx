import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Page } from '../../app/ui.tsx';
import { CampaignList } from './CampaignList.tsx';
import { SerialForm } from './SerialForm.tsx';
import './engagement.css';

/** /coupon (login required): the serial code form and the open campaigns. */
export default function CouponPage() {
  const { t } = useTranslation('engagement');
  return (
    <Page title={t('engagement.coupon.title')} lead={t('engagement.coupon.lead')}>
      <Card>
        <h2 className="section-title">{t('engagement.serial.title')}</h2>
        <SerialForm />
        <p className="engagement-links">
          <Link to="/serial">{t('engagement.serial.unlocks')}</Link>
        </p>
      </Card>
      <CampaignList />
    </Page>
  );
}
