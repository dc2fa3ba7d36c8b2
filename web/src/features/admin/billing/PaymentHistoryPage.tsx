import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Field, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { SelectField } from '../characters/fields.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { useAdminPaymentHistoryQuery } from './billingAdminApi.ts';
import { refusalOf } from './ConfirmDialog.tsx';
import { isPurchaseStatus, PURCHASE_STATUSES } from './format.ts';
import { Pager } from './Pager.tsx';
import { PurchaseTable } from './PurchaseTable.tsx';
import { JstNote } from '../JstNote.tsx';
import '../characters/characters.css';
import './billing.css';

const FILTERS = ['order_number', 'user_id', 'status', 'from', 'to'] as const;
/** The server refuses shorter ones; a number being typed is not searched until it could be one. */
const ORDER_NUMBER_MIN = 4;
type Filter = (typeof FILTERS)[number];

/** `payment/history`: every purchase, 20 a page, filtered by order number (as a customer reads it), user, status and date range (kept in the address). */
export function PaymentHistoryPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const value = (name: Filter) => params.get(name) ?? '';
  const status = value('status');
  const { data, isFetching, error } = useAdminPaymentHistoryQuery({
    base: apiBase,
    page,
    ...(value('order_number').trim().length >= ORDER_NUMBER_MIN ? { order_number: value('order_number').trim() } : {}),
    ...(value('user_id').trim() ? { user_id: value('user_id').trim() } : {}),
    ...(isPurchaseStatus(status) ? { status } : {}),
    // A date range is whole days: "to" includes its day.
    ...(value('from') ? { from: `${value('from')}T00:00:00+09:00` } : {}),
    ...(value('to') ? { to: `${value('to')}T23:59:59.999+09:00` } : {}),
  });
  const go = (next: Partial<Record<Filter, string>> & { page?: number }) => {
    const merged: Record<string, string> = {};
    for (const name of FILTERS) {
      const v = next[name] ?? value(name);
      if (v) merged[name] = v;
    }
    const nextPage = next.page ?? 1;
    setParams({ ...merged, ...(nextPage > 1 ? { page: String(nextPage) } : {}) }, { replace: true });
  };
  return (
    <>
      <div className="admin-head">
        <h2 className="admin-head__title">{t('billing.history.title')}</h2>
      </div>
      <JstNote />
      <Card>
        <div className="toolbar billing-filters">
          <Field
            label={t('billing.filter.orderNumber')}
            type="search"
            placeholder="TW-2611-7K3Q"
            value={value('order_number')}
            onChange={(e) => go({ order_number: e.target.value })}
          />
          <Field
            label={t('billing.filter.userId')}
            type="search"
            value={value('user_id')}
            onChange={(e) => go({ user_id: e.target.value })}
          />
          <SelectField
            label={t('billing.filter.status')}
            value={value('status')}
            emptyLabel={t('billing.filter.all')}
            choices={PURCHASE_STATUSES.map((s) => ({ value: s, label: t(`billing.status.${s}`) }))}
            onChange={(e) => go({ status: e.target.value })}
          />
          <Field
            label={t('billing.filter.from')}
            type="date"
            value={value('from')}
            onChange={(e) => go({ from: e.target.value })}
          />
          <Field
            label={t('billing.filter.to')}
            type="date"
            value={value('to')}
            onChange={(e) => go({ to: e.target.value })}
          />
        </div>
        {isFetching && !data && <Spinner label={t('billing.loading')} />}
        {error && <Notice kind="error">{refusalOf(error, t('billing.failed'))}</Notice>}
        {data && data.purchases.length === 0 && <p className="admin-empty">{t('billing.history.none')}</p>}
        {data && data.purchases.length > 0 && <PurchaseTable purchases={data.purchases} />}
        {data && <Pager page={page} total={data.total} onPage={(p) => go({ page: p })} />}
      </Card>
    </>
  );
}
