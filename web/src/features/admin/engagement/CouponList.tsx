import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Coupon } from '@talkwith/proto/engagement';
import { Card, Field, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { refusalOf } from '../billing/ConfirmDialog.tsx';
import { Pager } from '../billing/Pager.tsx';
import { ADMIN_NS, useAdminTexts } from '../i18n.ts';
import { BlockTitle, CharacterName } from './CatalogNames.tsx';
import { CharacterPicker } from './CatalogPickers.tsx';
import { Badge } from './Facts.tsx';
import { useAdminCouponsQuery } from './serialsAdminApi.ts';
import { japanTime } from './time.ts';

/** A coupon's validity in Japan time: "from – until", "from …", "… until" or "no limit". */
export function useValidity() {
  const { t, i18n } = useTranslation(ADMIN_NS);
  return ({ valid_from: from, valid_until: until }: Pick<Coupon, 'valid_from' | 'valid_until'>) => {
    const shown = { from: japanTime(from, i18n.language), until: japanTime(until, i18n.language) };
    if (from && until) return t('engagement.serials.validity.both', shown);
    if (from) return t('engagement.serials.validity.from', shown);
    return until ? t('engagement.serials.validity.until', shown) : t('engagement.serials.noLimit');
  };
}

function CouponRow({ coupon }: { coupon: Coupon }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { basePath } = useAdminBase();
  const validity = useValidity();
  const { t: c } = useAdminTexts('engagement.serials.coupon');
  return (
    <tr>
      <td>
        <Link className="admin-table__name" to={`${basePath}/serials/${encodeURIComponent(coupon.coupon_id)}`}>
          {coupon.name}
        </Link>
      </td>
      <td data-label={c('character')}>
        <CharacterName id={coupon.character_id} />
      </td>
      <td data-label={c('block')}>
        <BlockTitle characterId={coupon.character_id} blockId={coupon.block_id} />
      </td>
      <td data-label={c('redeemed')} className="num">
        {coupon.redeemed.toLocaleString(i18n.language)} / {coupon.count.toLocaleString(i18n.language)}
      </td>
      <td data-label={c('tickets')} className="num">
        {coupon.tickets}
      </td>
      <td data-label={c('validity')} className="small">
        {validity(coupon)}
      </td>
      <td data-label={c('type')}>
        {coupon.is_debug ? (
          <Badge tone="warn">{t('engagement.serials.debug')}</Badge>
        ) : (
          <Badge tone="on">{t('engagement.serials.normal')}</Badge>
        )}
      </td>
      <td data-label={c('createdAt')} className="muted small">
        {japanTime(coupon.created_at, i18n.language)}
      </td>
    </tr>
  );
}

export function CouponTable({ coupons }: { coupons: Coupon[] }) {
  const { t: c } = useAdminTexts('engagement.serials.coupon');
  return (
    <table className="admin-table">
      <thead>
        <tr>
          <th>{c('name')}</th>
          <th>{c('character')}</th>
          <th>{c('block')}</th>
          <th className="num">{c('redeemed')}</th>
          <th className="num">{c('tickets')}</th>
          <th>{c('validity')}</th>
          <th>{c('type')}</th>
          <th>{c('createdAt')}</th>
        </tr>
      </thead>
      <tbody>
        {coupons.map((coupon) => (
          <CouponRow key={coupon.coupon_id} coupon={coupon} />
        ))}
      </tbody>
    </table>
  );
}

/** The batches, newest first, 20 a page; filtered by character and searched by name (kept in the address). */
export function CouponList() {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const characterId = params.get('character_id') ?? '';
  const q = params.get('q') ?? '';
  const { data, isFetching, error } = useAdminCouponsQuery({
    base: apiBase,
    page,
    character_id: characterId || undefined,
    q: q.trim() || undefined,
  });
  const go = (next: { character_id?: string; q?: string; page?: number }) => {
    const merged = { character_id: characterId, q, ...next };
    const nextPage = next.page ?? 1;
    setParams(
      {
        ...(merged.character_id ? { character_id: merged.character_id } : {}),
        ...(merged.q ? { q: merged.q } : {}),
        ...(nextPage > 1 ? { page: String(nextPage) } : {}),
      },
      { replace: true },
    );
  };
  return (
    <Card className="engagement-section">
      <h3 className="engagement-section__title">{t('engagement.serials.coupons')}</h3>
      <div className="toolbar billing-filters">
        <Field
          label={t('engagement.serials.search')}
          type="search"
          value={q}
          onChange={(e) => go({ q: e.target.value })}
        />
        <CharacterPicker
          label={t('engagement.serials.coupon.character')}
          value={characterId}
          emptyLabel={t('engagement.all')}
          onChange={(id) => go({ character_id: id })}
        />
      </div>
      {isFetching && !data && <Spinner label={t('engagement.loading')} />}
      {error && <Notice kind="error">{refusalOf(error, t('engagement.failed'))}</Notice>}
      {data && data.coupons.length === 0 && (
        <p className="admin-empty">
          {q || characterId ? t('engagement.serials.noMatch') : t('engagement.serials.none')}
        </p>
      )}
      {data && data.coupons.length > 0 && <CouponTable coupons={data.coupons} />}
      {data && <Pager page={page} total={data.total} onPage={(p) => go({ page: p })} />}
    </Card>
  );
}
