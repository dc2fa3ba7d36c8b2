import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SerialStats } from '@talkwith/proto/engagement';
import { Card, Field, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { refusalOf } from '../billing/ConfirmDialog.tsx';
import { ADMIN_NS, useAdminTexts } from '../i18n.ts';
import { useAdminSerialStatsQuery } from './serialsAdminApi.ts';
import { todayInJapan } from './time.ts';

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className="engagement-total">
      <span className="engagement-total__count">{value}</span>
      <span className="engagement-total__label">{label}</span>
    </div>
  );
}

const rateOf = (redeemed: number, count: number) =>
  count > 0 ? `${Math.round((redeemed / count) * 1000) / 10}%` : '—';

function StatsTables({ stats }: { stats: SerialStats }) {
  const { basePath } = useAdminBase();
  const { i18n, t: s } = useAdminTexts('engagement.serials.stats');
  const n = (value: number) => value.toLocaleString(i18n.language);
  return (
    <>
      <div className="engagement-totals">
        <Total label={s('generated')} value={n(stats.generated)} />
        <Total label={s('redeemed')} value={n(stats.redeemed)} />
        <Total label={s('rate')} value={rateOf(stats.redeemed, stats.generated)} />
      </div>
      <div className="engagement-tables">
        <div>
          <h4 className="billing-subtitle">{s('byDay')}</h4>
          {stats.by_day.length === 0 ? (
            <p className="muted small">{s('noRedemptions')}</p>
          ) : (
            <table className="admin-table">
              <caption className="visually-hidden">{s('byDay')}</caption>
              <thead>
                <tr>
                  <th>{s('date')}</th>
                  <th className="num">{s('redeemed')}</th>
                </tr>
              </thead>
              <tbody>
                {stats.by_day.map((d) => (
                  <tr key={d.date}>
                    <td>{d.date}</td>
                    <td data-label={s('redeemed')} className="num">
                      {n(d.redeemed)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        <div>
          <h4 className="billing-subtitle">{s('byCoupon')}</h4>
          {stats.by_coupon.length === 0 ? (
            <p className="muted small">{s('noCoupons')}</p>
          ) : (
            <table className="admin-table">
              <caption className="visually-hidden">{s('byCoupon')}</caption>
              <thead>
                <tr>
                  <th>{s('coupon')}</th>
                  <th className="num">{s('count')}</th>
                  <th className="num">{s('redeemed')}</th>
                  <th className="num">{s('rate')}</th>
                </tr>
              </thead>
              <tbody>
                {stats.by_coupon.map((c) => (
                  <tr key={c.coupon_id}>
                    <td>
                      <Link to={`${basePath}/serials/${encodeURIComponent(c.coupon_id)}`}>{c.name}</Link>
                    </td>
                    <td data-label={s('count')} className="num">
                      {n(c.count)}
                    </td>
                    <td data-label={s('redeemed')} className="num">
                      {n(c.redeemed)}
                    </td>
                    <td data-label={s('rate')} className="num">
                      {rateOf(c.redeemed, c.count)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
    </>
  );
}

/** Redemption statistics over a Japan date range: end defaults to today, start to none (SPEC.md §5); debug serials left out by the server. */
export function SerialStatsPanel() {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState(todayInJapan);
  const backwards = start !== '' && end !== '' && start > end;
  const { data, isFetching, error } = useAdminSerialStatsQuery(
    { base: apiBase, start: start || undefined, end: end || undefined },
    { skip: backwards },
  );
  const { t: s } = useAdminTexts('engagement.serials.stats');
  return (
    <Card className="engagement-section">
      <h3 className="engagement-section__title">{s('title')}</h3>
      <div className="toolbar billing-filters">
        <Field
          label={s('start')}
          type="date"
          value={start}
          onChange={(e) => setStart(e.target.value)}
          hint={s('startHint')}
        />
        <Field label={s('end')} type="date" value={end} onChange={(e) => setEnd(e.target.value)} hint={s('endHint')} />
      </div>
      {backwards && <Notice kind="error">{s('backwards')}</Notice>}
      {!backwards && isFetching && !data && <Spinner label={t('engagement.loading')} />}
      {!backwards && error && <Notice kind="error">{refusalOf(error, t('engagement.failed'))}</Notice>}
      {!backwards && data && <StatsTables stats={data.stats} />}
    </Card>
  );
}
