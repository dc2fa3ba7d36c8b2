import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '@talkwith/proto/engagement';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { refusalOf } from '../billing/ConfirmDialog.tsx';
import { Pager } from '../billing/Pager.tsx';
import { ADMIN_NS, useAdminTexts } from '../i18n.ts';
import { confirmUnsaved } from '../useLeaveGuard.ts';
import { CampaignForm } from './CampaignForm.tsx';
import { useAdminCampaignsQuery } from './campaignsAdminApi.ts';
import { Badge } from './Facts.tsx';
import { japanTime } from './time.ts';
import '../characters/characters.css';
import '../billing/billing.css';
import './engagement.css';

/** Open now, not yet, over, or switched off. */
function periodState(campaign: Campaign, now = Date.now()): 'off' | 'upcoming' | 'open' | 'over' {
  if (!campaign.active) return 'off';
  if (now < Date.parse(campaign.starts_at)) return 'upcoming';
  return now < Date.parse(campaign.ends_at) ? 'open' : 'over';
}
const TONE = { off: 'off', upcoming: 'warn', open: 'on', over: 'off' } as const;

function CampaignRow({ campaign, onEdit }: { campaign: Campaign; onEdit: (c: Campaign) => void }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { t: c } = useAdminTexts('engagement.campaigns');
  const state = periodState(campaign);
  return (
    <tr>
      <td>
        <strong>{campaign.title}</strong>
        {campaign.description && <div className="muted small engagement-excerpt">{campaign.description}</div>}
      </td>
      <td data-label={c('column.period')} className="small">
        {japanTime(campaign.starts_at, i18n.language)} – {japanTime(campaign.ends_at, i18n.language)}
      </td>
      <td data-label={c('column.grant')}>
        {t(`engagement.campaigns.grant.${campaign.grant.kind}`, {
          n: campaign.grant.amount.toLocaleString(i18n.language),
        })}
      </td>
      <td data-label={c('column.state')}>
        <Badge tone={TONE[state]}>{c(`state.${state}`)}</Badge>
      </td>
      <td data-label={c('column.entries')} className="num">
        {campaign.entries.toLocaleString(i18n.language)}
      </td>
      <td>
        <button
          type="button"
          className="btn btn--ghost btn--small"
          onClick={() => onEdit(campaign)}
          aria-label={t('engagement.campaigns.editOne', { title: campaign.title })}
        >
          {t('engagement.edit')}
        </button>
      </td>
    </tr>
  );
}

/** `campaigns`: campaigns customers enter once for points or tickets — list, create, edit (switching one off is an edit). */
export function CampaignsPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [page, setPage] = useState(1);
  const { data, isFetching, error } = useAdminCampaignsQuery({ base: apiBase, page });
  const [form, setForm] = useState<{ editing: Campaign | null } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const { t: c } = useAdminTexts('engagement.campaigns');
  const open = (editing: Campaign | null) => {
    // Another campaign replaces the form (keyed by campaign) and what was typed in it.
    if (!confirmUnsaved()) return;
    setSaved(null);
    setForm({ editing });
  };
  return (
    <>
      <div className="admin-head">
        <h2 className="admin-head__title">{c('title')}</h2>
        {!form && (
          <div className="admin-head__actions">
            <button type="button" className="btn btn--primary" onClick={() => open(null)}>
              {c('new')}
            </button>
          </div>
        )}
      </div>
      {form && (
        <CampaignForm
          key={form.editing?.id ?? 'new'}
          editing={form.editing}
          onClose={(campaign) => {
            setForm(null);
            if (campaign) setSaved(t('engagement.campaigns.saved', { title: campaign.title }));
          }}
        />
      )}
      {saved && <Notice kind="success">{saved}</Notice>}
      <Card className="engagement-section">
        {isFetching && !data && <Spinner label={t('engagement.loading')} />}
        {error && <Notice kind="error">{refusalOf(error, t('engagement.failed'))}</Notice>}
        {data && data.campaigns.length === 0 && <p className="admin-empty">{c('none')}</p>}
        {data && data.campaigns.length > 0 && (
          <table className="admin-table">
            <thead>
              <tr>
                <th>{c('column.title')}</th>
                <th>{c('column.period')}</th>
                <th>{c('column.grant')}</th>
                <th>{c('column.state')}</th>
                <th className="num">{c('column.entries')}</th>
                <th>
                  <span className="visually-hidden">{c('column.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.campaigns.map((campaign) => (
                <CampaignRow key={campaign.id} campaign={campaign} onEdit={open} />
              ))}
            </tbody>
          </table>
        )}
        {data && <Pager page={page} total={data.total} onPage={setPage} />}
      </Card>
    </>
  );
}
