import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Field, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { refusalOf } from '../billing/ConfirmDialog.tsx';
import { Pager } from '../billing/Pager.tsx';
import { ADMIN_NS, useAdminTexts } from '../i18n.ts';
import { Badge } from './Facts.tsx';
import { useAdminRedemptionsQuery } from './serialsAdminApi.ts';
import { japanTime, todayInJapan } from './time.ts';

/** Who redeemed the batch's codes in a Japan date range (POST /api/admin/serials), newest first; debug redemptions flagged. */
export function CouponRedemptions({ couponId }: { couponId: string }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { apiBase, basePath } = useAdminBase();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState(todayInJapan);
  const [page, setPage] = useState(1);
  const backwards = start !== '' && end !== '' && start > end;
  const { data, isFetching, error } = useAdminRedemptionsQuery(
    { base: apiBase, coupon_id: couponId, start: start || undefined, end: end || undefined, page },
    { skip: backwards },
  );
  const { t: r } = useAdminTexts('engagement.serials.redemptions');
  const range = (next: { start?: string; end?: string }) => {
    if (next.start !== undefined) setStart(next.start);
    if (next.end !== undefined) setEnd(next.end);
    setPage(1);
  };
  return (
    <>
      <div className="toolbar billing-filters">
        <Field
          label={t('engagement.serials.stats.start')}
          type="date"
          value={start}
          onChange={(e) => range({ start: e.target.value })}
          hint={t('engagement.serials.stats.startHint')}
        />
        <Field
          label={t('engagement.serials.stats.end')}
          type="date"
          value={end}
          onChange={(e) => range({ end: e.target.value })}
          hint={t('engagement.serials.stats.endHint')}
        />
      </div>
      {backwards && <Notice kind="error">{t('engagement.serials.stats.backwards')}</Notice>}
      {!backwards && isFetching && !data && <Spinner label={t('engagement.loading')} />}
      {!backwards && error && <Notice kind="error">{refusalOf(error, t('engagement.failed'))}</Notice>}
      {!backwards && data && data.redemptions.length === 0 && <p className="admin-empty">{r('none')}</p>}
      {!backwards && data && data.redemptions.length > 0 && (
        <table className="admin-table">
          <thead>
            <tr>
              <th>{r('at')}</th>
              <th>{r('code')}</th>
              <th>{r('user')}</th>
              <th>{r('block')}</th>
              <th className="num">{r('tickets')}</th>
            </tr>
          </thead>
          <tbody>
            {data.redemptions.map((x) => (
              <tr key={`${x.serial_id}:${x.redeemed_at}:${x.user_id}`}>
                <td className="small">
                  {japanTime(x.redeemed_at, i18n.language)}
                  {x.is_debug && (
                    <>
                      {' '}
                      <Badge tone="warn">{t('engagement.serials.debug')}</Badge>
                    </>
                  )}
                </td>
                <td data-label={r('code')}>
                  <code className="engagement-code">{x.serial_id}</code>
                </td>
                <td data-label={r('user')}>
                  <Link to={`${basePath}/full/users/${encodeURIComponent(x.user_id)}`}>
                    <code>{x.user_id}</code>
                  </Link>
                </td>
                <td data-label={r('block')}>
                  <code>{x.block_id}</code>
                </td>
                <td data-label={r('tickets')} className="num">
                  {x.tickets}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!backwards && data && <Pager page={page} total={data.total} onPage={setPage} />}
    </>
  );
}
