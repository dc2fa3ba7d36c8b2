import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Coupon } from '@talkwith/proto/engagement';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { refusalOf } from '../billing/ConfirmDialog.tsx';
import { ADMIN_NS, useAdminTexts } from '../i18n.ts';
import { TrailName } from '../TrailName.tsx';
import { ChangeBlockForm, ChangeTypeDialog, CsvButton } from './CouponActions.tsx';
import { CouponCodes } from './CouponCodes.tsx';
import { useValidity } from './CouponList.tsx';
import { CouponRedemptions } from './CouponRedemptions.tsx';
import { Badge, Facts } from './Facts.tsx';
import { useAdminSerialOrCouponQuery } from './serialsAdminApi.ts';
import { japanTime } from './time.ts';
import { JstNote } from '../JstNote.tsx';
import '../characters/characters.css';
import '../billing/billing.css';
import './engagement.css';
import { BlockTitle, CharacterName, UserName } from './CatalogNames.tsx';

function CouponFacts({ coupon }: { coupon: Coupon }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const validity = useValidity();
  const { t: c } = useAdminTexts('engagement.serials.coupon');
  const n = (value: number) => value.toLocaleString(i18n.language);
  return (
    <Facts
      rows={[
        [c('id'), <code>{coupon.coupon_id}</code>],
        [
          c('type'),
          coupon.is_debug ? (
            <Badge tone="warn">{t('engagement.serials.debug')}</Badge>
          ) : (
            <Badge tone="on">{t('engagement.serials.normal')}</Badge>
          ),
        ],
        [c('count'), n(coupon.count)],
        [c('redeemedCount'), n(coupon.redeemed)],
        [c('unused'), n(Math.max(0, coupon.count - coupon.redeemed))],
        [c('prefix'), coupon.prefix ? <code>{coupon.prefix}</code> : '—'],
        [c('character'), <CharacterName id={coupon.character_id} />],
        [c('block'), <BlockTitle characterId={coupon.character_id} blockId={coupon.block_id} />],
        [c('tickets'), t('engagement.serials.coupon.ticketsEach', { n: coupon.tickets })],
        [c('validity'), validity(coupon)],
        [c('createdAt'), japanTime(coupon.created_at, i18n.language)],
        [c('createdBy'), <UserName id={coupon.created_by} />],
      ]}
    />
  );
}

/** `serials/:coupon_id`: one batch — its fields and counters, block and type changes, its codes, the CSV and its redemptions. */
export function CouponPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase, basePath } = useAdminBase();
  const { coupon_id: couponId = '' } = useParams();
  const generated = (useLocation().state as { generated?: boolean } | null)?.generated === true;
  const { data, isLoading, error } = useAdminSerialOrCouponQuery({ base: apiBase, id: couponId });
  const [changingType, setChangingType] = useState(false);
  const coupon = data?.coupon;
  const { t: d } = useAdminTexts('engagement.serials.detail');
  return (
    <>
      <nav className="billing-trail" aria-label={d('trail')}>
        <Link to={`${basePath}/serials`}>{t('engagement.serials.title')}</Link> ›{' '}
        <TrailName id={couponId} name={coupon?.name} pending={isLoading} />
      </nav>
      <div className="admin-head">
        <h2 className="admin-head__title">{coupon?.name ?? d('title')}</h2>
        {coupon && (
          <div className="admin-head__actions">
            <CsvButton coupon={coupon} />
            <button type="button" className="btn btn--ghost" onClick={() => setChangingType(true)}>
              {coupon.is_debug ? d('toNormal') : d('toDebug')}
            </button>
          </div>
        )}
      </div>
      <JstNote />
      {isLoading && <Spinner label={t('engagement.loading')} />}
      {error && <Notice kind="error">{refusalOf(error, t('engagement.failed'))}</Notice>}
      {coupon && (
        <>
          {generated && (
            <Notice kind="success">{t('engagement.serials.detail.generated', { count: coupon.count })}</Notice>
          )}
          <Card>
            <CouponFacts coupon={coupon} />
          </Card>
          <Card className="engagement-section">
            <h3 className="engagement-section__title">{d('blockTitle')}</h3>
            <ChangeBlockForm coupon={coupon} />
          </Card>
          <Card className="engagement-section">
            <h3 className="engagement-section__title">{d('codes')}</h3>
            <CouponCodes coupon={coupon} />
          </Card>
          <Card className="engagement-section">
            <h3 className="engagement-section__title">{d('redemptions')}</h3>
            <CouponRedemptions couponId={coupon.coupon_id} />
          </Card>
          {changingType && <ChangeTypeDialog coupon={coupon} onClose={() => setChangingType(false)} />}
        </>
      )}
    </>
  );
}
