import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CONTACT_CATEGORIES, type ContactListQuery, type ContactSummary } from '@talkwith/proto/engagement';
import { Card, Field, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { refusalOf } from '../billing/ConfirmDialog.tsx';
import { Pager } from '../billing/Pager.tsx';
import { SelectField } from '../characters/fields.tsx';
import { ADMIN_NS, useAdminTexts } from '../i18n.ts';
import { CONTACT_STATUSES, isContactStatus, STATUS_TONE } from './contactLabels.ts';
import { useAdminContactsQuery } from './contactsAdminApi.ts';
import { Badge } from './Facts.tsx';
import { japanTime } from './time.ts';
import '../characters/characters.css';
import '../billing/billing.css';
import './engagement.css';

const FILTERS = ['status', 'category', 'channel', 'q'] as const;
type Filter = (typeof FILTERS)[number];
const isCategory = (value: string): value is NonNullable<ContactListQuery['category']> & string =>
  CONTACT_CATEGORIES.some((c) => String(c) === value);

function ContactRow({ contact }: { contact: ContactSummary }) {
  const { basePath } = useAdminBase();
  const { i18n, t: c } = useAdminTexts('engagement.contacts');
  return (
    <tr>
      <td className="small">{japanTime(contact.created_at, i18n.language)}</td>
      <td data-label={c('column.status')}>
        <Badge tone={STATUS_TONE[contact.status]}>{c(`status.${contact.status}`)}</Badge>
      </td>
      <td data-label={c('column.category')}>{c(`category.${contact.category}`)}</td>
      <td data-label={c('column.email')}>
        <Link className="admin-table__name" to={`${basePath}/contacts/${encodeURIComponent(contact.id)}`}>
          {contact.email}
        </Link>
      </td>
      <td data-label={c('column.excerpt')} className="small engagement-excerpt">
        {contact.excerpt}
      </td>
      <td data-label={c('column.channel')} className="small">
        {c(`channel.${contact.channel}`)}
      </td>
    </tr>
  );
}

/** `contacts`: what customers sent, newest first; filtered by status, category and form, searched by address or words. */
export function ContactsPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [params, setParams] = useSearchParams();
  const value = (name: Filter) => params.get(name) ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const status = value('status');
  const category = value('category');
  const channel = value('channel');
  const { data, isFetching, error } = useAdminContactsQuery({
    base: apiBase,
    page,
    ...(isContactStatus(status) ? { status } : {}),
    ...(isCategory(category) ? { category } : {}),
    ...(channel === 'contact' || channel === 'contact_dev' ? { channel } : {}),
    ...(value('q').trim() ? { q: value('q').trim() } : {}),
  });
  const go = (next: Partial<Record<Filter, string>> & { page?: number }) => {
    const merged: Record<string, string> = {};
    for (const name of FILTERS) {
      const v = next[name] ?? value(name);
      if (v) merged[name] = v;
    }
    if ((next.page ?? 1) > 1) merged.page = String(next.page);
    setParams(merged, { replace: true });
  };
  const { t: c } = useAdminTexts('engagement.contacts');
  const filtered = FILTERS.some((name) => value(name) !== '');
  return (
    <>
      <div className="admin-head">
        <h2 className="admin-head__title">{c('title')}</h2>
      </div>
      <Card>
        <div className="toolbar billing-filters">
          <Field label={c('filter.q')} type="search" value={value('q')} onChange={(e) => go({ q: e.target.value })} />
          <SelectField
            label={c('column.status')}
            value={status}
            emptyLabel={t('engagement.all')}
            onChange={(e) => go({ status: e.target.value })}
            choices={CONTACT_STATUSES.map((s) => ({ value: s, label: c(`status.${s}`) }))}
          />
          <SelectField
            label={c('column.category')}
            value={category}
            emptyLabel={t('engagement.all')}
            onChange={(e) => go({ category: e.target.value })}
            choices={CONTACT_CATEGORIES.map((k) => ({ value: String(k), label: c(`category.${k}`) }))}
          />
          <SelectField
            label={c('column.channel')}
            value={channel}
            emptyLabel={t('engagement.all')}
            onChange={(e) => go({ channel: e.target.value })}
            choices={[
              { value: 'contact', label: c('channel.contact') },
              { value: 'contact_dev', label: c('channel.contact_dev') },
            ]}
          />
        </div>
        {isFetching && !data && <Spinner label={t('engagement.loading')} />}
        {error && <Notice kind="error">{refusalOf(error, t('engagement.failed'))}</Notice>}
        {data && data.contacts.length === 0 && <p className="admin-empty">{filtered ? c('noMatch') : c('none')}</p>}
        {data && data.contacts.length > 0 && (
          <table className="admin-table">
            <thead>
              <tr>
                <th>{c('column.at')}</th>
                <th>{c('column.status')}</th>
                <th>{c('column.category')}</th>
                <th>{c('column.email')}</th>
                <th>{c('column.excerpt')}</th>
                <th>{c('column.channel')}</th>
              </tr>
            </thead>
            <tbody>
              {data.contacts.map((contact) => (
                <ContactRow key={contact.id} contact={contact} />
              ))}
            </tbody>
          </table>
        )}
        {data && <Pager page={page} total={data.total} onPage={(p) => go({ page: p })} />}
      </Card>
    </>
  );
}
