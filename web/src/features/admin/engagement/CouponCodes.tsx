import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Coupon, Serial } from '@talkwith/proto/engagement';
import { Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { refusalOf } from '../billing/ConfirmDialog.tsx';
import { Pager } from '../billing/Pager.tsx';
import { SelectField } from '../characters/fields.tsx';
import { ADMIN_NS, useAdminTexts } from '../i18n.ts';
import { Badge } from './Facts.tsx';
import { useAdminSerialsQuery } from './serialsAdminApi.ts';
import { japanTime } from './time.ts';

type Status = '' | 'unused' | 'used';
const isStatus = (value: string): value is Status => value === '' || value === 'unused' || value === 'used';

function SerialRow({ serial }: { serial: Serial }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { basePath } = useAdminBase();
  const { t: c } = useAdminTexts('engagement.serials.codes');
  return (
    <tr>
      <td>
        <code className="engagement-code">{serial.id}</code>
      </td>
      <td data-label={c('state')}>
        {serial.redeemed_by ? (
          <Badge tone="off">{t('engagement.serials.used')}</Badge>
        ) : (
          <Badge tone="on">{t('engagement.serials.unused')}</Badge>
        )}
      </td>
      <td data-label={c('block')}>
        <code>{serial.block_id}</code>
      </td>
      <td data-label={c('redeemedBy')}>
        {serial.redeemed_by ? (
          <Link to={`${basePath}/full/users/${encodeURIComponent(serial.redeemed_by)}`}>
            <code>{serial.redeemed_by}</code>
          </Link>
        ) : (
          '—'
        )}
      </td>
      <td data-label={c('redeemedAt')} className="small">
        {japanTime(serial.redeemed_at, i18n.language)}
        {serial.is_debug && serial.redemptions > 0
          ? ` (${t('engagement.serials.codes.times', { n: serial.redemptions })})`
          : ''}
      </td>
    </tr>
  );
}

/** The batch's codes, 20 a page, all / unused / used. */
export function CouponCodes({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [status, setStatus] = useState<Status>('');
  const [page, setPage] = useState(1);
  const { data, isFetching, error } = useAdminSerialsQuery({
    base: apiBase,
    coupon_id: coupon.coupon_id,
    page,
    status: status || undefined,
  });
  const { t: c } = useAdminTexts('engagement.serials.codes');
  return (
    <>
      <div className="toolbar billing-filters">
        <SelectField
          label={c('filter')}
          value={status}
          emptyLabel={t('engagement.all')}
          choices={[
            { value: 'unused', label: t('engagement.serials.unused') },
            { value: 'used', label: t('engagement.serials.used') },
          ]}
          onChange={(e) => {
            if (isStatus(e.target.value)) {
              setStatus(e.target.value);
              setPage(1);
            }
          }}
        />
      </div>
      {isFetching && !data && <Spinner label={t('engagement.loading')} />}
      {error && <Notice kind="error">{refusalOf(error, t('engagement.failed'))}</Notice>}
      {data && data.serials.length === 0 && <p className="admin-empty">{c('none')}</p>}
      {data && data.serials.length > 0 && (
        <table className="admin-table">
          <thead>
            <tr>
              <th>{c('code')}</th>
              <th>{c('state')}</th>
              <th>{c('block')}</th>
              <th>{c('redeemedBy')}</th>
              <th>{c('redeemedAt')}</th>
            </tr>
          </thead>
          <tbody>
            {data.serials.map((serial) => (
              <SerialRow key={serial.id} serial={serial} />
            ))}
          </tbody>
        </table>
      )}
      {data && <Pager page={page} total={data.total} onPage={setPage} />}
    </>
  );
}
