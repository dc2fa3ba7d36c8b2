import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Field, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { SelectField } from '../characters/fields.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { useAdminSubscriptionsQuery } from './billingAdminApi.ts';
import { refusalOf } from './ConfirmDialog.tsx';
import type { SubscriptionView } from '@talkwith/proto/billing';
import { Pager } from './Pager.tsx';
import { SubscriptionTable } from './SubscriptionTable.tsx';
import { JstNote } from '../JstNote.tsx';
import '../characters/characters.css';
import './billing.css';

type SubscriptionStatus = SubscriptionView['status'];

const STATUSES: SubscriptionStatus[] = ['active', 'canceled', 'inactive'];
const isStatus = (value: string | null): value is SubscriptionStatus => STATUSES.some((s) => s === value);

/** `subscriptions/list`: every subscription, 20 a page, by status (有効 / 解約済み / 停止) and user. */
export function SubscriptionsPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const rawStatus = params.get('status');
  const status = isStatus(rawStatus) ? rawStatus : '';
  const userId = params.get('user_id') ?? '';
  const { data, isFetching, error } = useAdminSubscriptionsQuery({
    base: apiBase,
    page,
    ...(status ? { status } : {}),
    ...(userId.trim() ? { user_id: userId.trim() } : {}),
  });
  const go = (next: { status?: string; user_id?: string; page?: number }) => {
    const merged = { status, user_id: userId, ...next };
    const nextPage = next.page ?? 1;
    setParams(
      {
        ...(merged.status ? { status: merged.status } : {}),
        ...(merged.user_id ? { user_id: merged.user_id } : {}),
        ...(nextPage > 1 ? { page: String(nextPage) } : {}),
      },
      { replace: true },
    );
  };
  return (
    <>
      <div className="admin-head">
        <h2 className="admin-head__title">{t('billing.subs.title')}</h2>
      </div>
      <JstNote />
      <Card>
        <div className="toolbar billing-filters">
          <SelectField
            label={t('billing.filter.status')}
            value={status}
            emptyLabel={t('billing.filter.all')}
            choices={STATUSES.map((s) => ({ value: s, label: t(`billing.subStatus.${s}`) }))}
            onChange={(e) => go({ status: e.target.value })}
          />
          <Field
            label={t('billing.filter.userId')}
            type="search"
            value={userId}
            onChange={(e) => go({ user_id: e.target.value })}
          />
        </div>
        {isFetching && !data && <Spinner label={t('billing.loading')} />}
        {error && <Notice kind="error">{refusalOf(error, t('billing.failed'))}</Notice>}
        {data && data.subscriptions.length === 0 && <p className="admin-empty">{t('billing.subs.none')}</p>}
        {data && data.subscriptions.length > 0 && <SubscriptionTable subscriptions={data.subscriptions} />}
        {data && <Pager page={page} total={data.total} onPage={(p) => go({ page: p })} />}
      </Card>
    </>
  );
}
