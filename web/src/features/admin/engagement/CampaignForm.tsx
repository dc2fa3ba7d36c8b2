import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Campaign, CampaignBody } from '@talkwith/proto/engagement';
import { Card, Field, Notice } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { refusalOf } from '../billing/ConfirmDialog.tsx';
import { SelectField, SwitchField, TextAreaField } from '../characters/fields.tsx';
import { ADMIN_NS, useAdminTexts } from '../i18n.ts';
import { useLeaveGuard } from '../useLeaveGuard.ts';
import type { AdminMessages } from '../messages.ts';
import { useAdminAddCampaignMutation, useAdminEditCampaignMutation } from './campaignsAdminApi.ts';
import { isoOfJapanInput, japanInputOf } from './time.ts';

/** Why the form is refused before sending: a key of its texts (engagement.campaigns.form). */
type Refusal = keyof AdminMessages['engagement']['campaigns']['form'];

export interface CampaignFields {
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  kind: 'points' | 'tickets';
  amount: string;
  active: boolean;
}

const fieldsOf = (c: Campaign | null): CampaignFields => ({
  title: c?.title ?? '',
  description: c?.description ?? '',
  startsAt: japanInputOf(c?.starts_at),
  endsAt: japanInputOf(c?.ends_at),
  kind: c?.grant.kind ?? 'points',
  amount: c ? String(c.grant.amount) : '',
  active: c?.active ?? true,
});

/** The contract's limits of a grant: points up to 100,000, tickets up to 100. */
const GRANT_MAX = { points: 100_000, tickets: 100 } as const;

/** The body the contract takes (create; edit sends the same fields), or the key of the first refusal. */
export function campaignBodyOf(f: CampaignFields): { body: CampaignBody } | { refusal: Refusal } {
  if (!f.title.trim()) return { refusal: 'titleRequired' };
  const startsAt = isoOfJapanInput(f.startsAt);
  const endsAt = isoOfJapanInput(f.endsAt);
  if (!startsAt || !endsAt) return { refusal: 'periodRequired' };
  if (endsAt <= startsAt) return { refusal: 'periodOrder' };
  const amount = /^\d+$/.test(f.amount.trim()) ? Number(f.amount.trim()) : 0;
  if (amount < 1 || amount > GRANT_MAX[f.kind])
    return { refusal: f.kind === 'points' ? 'pointsInvalid' : 'ticketsInvalid' };
  return {
    body: {
      title: f.title.trim(),
      description: f.description.trim(),
      starts_at: startsAt,
      ends_at: endsAt,
      active: f.active,
      grant: f.kind === 'points' ? { kind: 'points', amount } : { kind: 'tickets', amount },
    },
  };
}

/** Creates a campaign or edits one; the period is entered in Japan time. */
export function CampaignForm({
  editing,
  onClose,
}: {
  editing: Campaign | null;
  onClose: (saved: Campaign | null) => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [add, added] = useAdminAddCampaignMutation();
  const [edit, edited] = useAdminEditCampaignMutation();
  const [f, setF] = useState<CampaignFields>(() => fieldsOf(editing));
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = added.isLoading || edited.isLoading;
  useLeaveGuard(JSON.stringify(f) !== JSON.stringify(fieldsOf(editing)));
  const set = (patch: Partial<CampaignFields>) => setF((current) => ({ ...current, ...patch }));
  const { t: c } = useAdminTexts('engagement.campaigns.form');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = campaignBodyOf(f);
    if ('refusal' in checked) {
      setRefusal(c(checked.refusal));
      return;
    }
    setRefusal(null);
    try {
      const reply = editing
        ? await edit({ base: apiBase, id: editing.id, body: checked.body }).unwrap()
        : await add({ base: apiBase, body: checked.body }).unwrap();
      onClose(reply.campaign);
    } catch (failure) {
      setRefusal(refusalOf(failure, t('engagement.failed')));
    }
  };
  return (
    <Card>
      <h3 className="engagement-section__title">{editing ? c('editTitle') : c('newTitle')}</h3>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field
          label={c('title')}
          value={f.title}
          maxLength={200}
          required
          onChange={(e) => set({ title: e.target.value })}
        />
        <TextAreaField
          label={c('description')}
          value={f.description}
          maxLength={2000}
          rows={3}
          onChange={(e) => set({ description: e.target.value })}
        />
        <div className="form-grid">
          <Field
            label={c('startsAt')}
            type="datetime-local"
            value={f.startsAt}
            required
            onChange={(e) => set({ startsAt: e.target.value })}
            hint={c('jst')}
          />
          <Field
            label={c('endsAt')}
            type="datetime-local"
            value={f.endsAt}
            required
            onChange={(e) => set({ endsAt: e.target.value })}
            hint={c('jst')}
          />
          <SelectField
            label={c('grant')}
            value={f.kind}
            onChange={(e) => set({ kind: e.target.value === 'tickets' ? 'tickets' : 'points' })}
            choices={[
              { value: 'points', label: c('points') },
              { value: 'tickets', label: c('tickets') },
            ]}
          />
          <Field
            label={c('amount')}
            inputMode="numeric"
            value={f.amount}
            required
            onChange={(e) => set({ amount: e.target.value })}
            hint={t('engagement.campaigns.form.amountHint', { max: GRANT_MAX[f.kind].toLocaleString() })}
          />
        </div>
        <SwitchField
          label={c('active')}
          hint={c('activeHint')}
          checked={f.active}
          onChange={(active) => set({ active })}
        />
        {refusal && <Notice kind="error">{refusal}</Notice>}
        <div className="form-actions">
          <button type="button" className="btn btn--ghost" onClick={() => onClose(null)} disabled={busy}>
            {t('engagement.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? t('engagement.sending') : editing ? c('save') : c('create')}
          </button>
        </div>
      </form>
    </Card>
  );
}
