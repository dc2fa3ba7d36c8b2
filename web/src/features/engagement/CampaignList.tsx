import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CampaignGrant, OpenCampaign } from '@talkwith/proto/engagement';
import { errorMessageOf } from '../../api/index.ts';
import { Notice, Spinner } from '../../app/ui.tsx';
import { useEnterCampaignMutation, useOpenCampaignsQuery } from './pagesApi.ts';
import { formatDate } from './format.ts';

/** The campaigns open now, each entered once (POST /api/campaigns/users/user/insert). */
export function CampaignList() {
  const { t } = useTranslation('engagement');
  const { data, isLoading, isError } = useOpenCampaignsQuery();
  const [enter, entry] = useEnterCampaignMutation();
  const campaigns = data?.campaigns ?? [];
  const concerned = entry.originalArgs?.campaign_id;

  return (
    <section className="card" aria-labelledby="campaigns-title">
      <h2 id="campaigns-title" className="section-title">
        {t('engagement.campaigns.title')}
      </h2>
      {isLoading && <Spinner label={t('engagement.loading')} />}
      {isError && <Notice kind="error">{t('engagement.loadFailed')}</Notice>}
      {data && campaigns.length === 0 && <p className="muted">{t('engagement.campaigns.empty')}</p>}
      {campaigns.length > 0 && (
        <ul className="engagement-list" aria-labelledby="campaigns-title">
          {campaigns.map((campaign) => (
            <CampaignRow
              key={campaign.id}
              campaign={campaign}
              busy={entry.isLoading}
              sending={entry.isLoading && concerned === campaign.id}
              onEnter={() => void enter({ campaign_id: campaign.id })}
            >
              {concerned === campaign.id && entry.isSuccess && (
                <Notice kind="success">
                  {t('engagement.campaigns.done', { grant: grantText(t, campaign.grant) })}
                </Notice>
              )}
              {concerned === campaign.id && entry.isError && (
                <Notice kind="error">{errorMessageOf(entry.error, t('engagement.campaigns.failed'))}</Notice>
              )}
            </CampaignRow>
          ))}
        </ul>
      )}
    </section>
  );
}

/** This feature's `t` (ReturnType<typeof useTranslation> would be every namespace's: too deep to type-check). */
type Translate = TFunction<'engagement'>;

export const grantText = (t: Translate, grant: CampaignGrant) =>
  grant.kind === 'points'
    ? t('engagement.campaigns.points', { count: grant.amount })
    : t('engagement.campaigns.tickets', { count: grant.amount });

interface RowProps {
  campaign: OpenCampaign;
  busy: boolean;
  sending: boolean;
  onEnter: () => void;
  children: ReactNode;
}

function CampaignRow({ campaign, busy, sending, onEnter, children }: RowProps) {
  const { t, i18n } = useTranslation('engagement');
  return (
    <li className="engagement-list__item campaign">
      <span className="engagement-list__title">{campaign.title}</span>
      {campaign.description && <p className="campaign__description">{campaign.description}</p>}
      <span className="small muted">
        {t('engagement.campaigns.period', {
          from: formatDate(campaign.starts_at, i18n.language),
          until: formatDate(campaign.ends_at, i18n.language),
        })}
      </span>
      <span className="campaign__grant">
        {t('engagement.campaigns.grant', { grant: grantText(t, campaign.grant) })}
      </span>
      {children}
      {campaign.entered ? (
        <span className="engagement-tag engagement-tag--done">{t('engagement.campaigns.entered')}</span>
      ) : (
        <button
          type="button"
          className="btn btn--primary btn--small"
          disabled={busy}
          onClick={onEnter}
          aria-label={t('engagement.campaigns.enterLabel', { title: campaign.title })}
        >
          {sending ? t('engagement.campaigns.entering') : t('engagement.campaigns.enter')}
        </button>
      )}
    </li>
  );
}
