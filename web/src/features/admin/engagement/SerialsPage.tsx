import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { CodeLookup } from './CodeLookup.tsx';
import { CouponList } from './CouponList.tsx';
import { GenerateForm } from './GenerateForm.tsx';
import { SerialStatsPanel } from './SerialStatsPanel.tsx';
import { JstNote } from '../JstNote.tsx';
import '../characters/characters.css';
import '../billing/billing.css';
import './engagement.css';

/** `serials`: the batches of serial codes, a form that generates one, a code lookup and the redemption statistics. */
export function SerialsPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { basePath } = useAdminBase();
  const navigate = useNavigate();
  const [generating, setGenerating] = useState(false);
  return (
    <>
      <div className="admin-head">
        <h2 className="admin-head__title">{t('engagement.serials.title')}</h2>
        {!generating && (
          <div className="admin-head__actions">
            <button type="button" className="btn btn--primary" onClick={() => setGenerating(true)}>
              {t('engagement.serials.generate.open')}
            </button>
          </div>
        )}
      </div>
      <JstNote />
      {generating && (
        <GenerateForm
          onCancel={() => setGenerating(false)}
          onDone={(coupon) =>
            void navigate(`${basePath}/serials/${encodeURIComponent(coupon.coupon_id)}`, { state: { generated: true } })
          }
        />
      )}
      <CouponList />
      <CodeLookup />
      <SerialStatsPanel />
    </>
  );
}
