import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Coupon, SerialGenerateBody } from '@talkwith/proto/engagement';
import { Card, Field, Notice } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { refusalOf } from '../billing/ConfirmDialog.tsx';
import { SwitchField } from '../characters/fields.tsx';
import { ADMIN_NS, useAdminTexts } from '../i18n.ts';
import type { AdminMessages } from '../messages.ts';
import { BlockPicker, CharacterPicker } from './CatalogPickers.tsx';
import { useAdminGenerateSerialsMutation } from './serialsAdminApi.ts';
import { dayEndIso, dayStartIso } from './time.ts';

/** Why the form is refused before sending: a key of its texts (engagement.serials.generate). */
type Refusal = keyof AdminMessages['engagement']['serials']['generate'];

export interface GenerateFields {
  name: string;
  count: string;
  prefix: string;
  characterId: string;
  blockId: string;
  tickets: string;
  validFrom: string;
  validUntil: string;
  isDebug: boolean;
}

export const emptyGenerateFields: GenerateFields = {
  name: '',
  count: '',
  prefix: '',
  characterId: '',
  blockId: '',
  tickets: '0',
  validFrom: '',
  validUntil: '',
  isDebug: false,
};

const wholeIn = (text: string, min: number, max: number): number | null => {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
};

/** The request body of the form, or the key of the first refusal (checked here as the contract's schema would). */
export function generateBodyOf(f: GenerateFields): { body: SerialGenerateBody } | { refusal: Refusal } {
  const count = wholeIn(f.count, 1, 20_000);
  const tickets = wholeIn(f.tickets || '0', 0, 100);
  if (!f.name.trim()) return { refusal: 'nameRequired' };
  if (count === null) return { refusal: 'countInvalid' };
  if (!/^[A-Z0-9]{0,8}$/.test(f.prefix)) return { refusal: 'prefixInvalid' };
  if (!f.characterId || !f.blockId) return { refusal: 'blockRequired' };
  if (tickets === null) return { refusal: 'ticketsInvalid' };
  if (f.validFrom && f.validUntil && f.validUntil < f.validFrom) return { refusal: 'validityOrder' };
  return {
    body: {
      name: f.name.trim(),
      count,
      character_id: f.characterId,
      block_id: f.blockId,
      tickets,
      is_debug: f.isDebug,
      ...(f.prefix ? { prefix: f.prefix } : {}),
      ...(f.validFrom ? { valid_from: dayStartIso(f.validFrom) } : {}),
      ...(f.validUntil ? { valid_until: dayEndIso(f.validUntil) } : {}),
    },
  };
}

/** A new batch of serial codes (POST /api/admin/serials/generate); the page then opens it. */
export function GenerateForm({ onCancel, onDone }: { onCancel: () => void; onDone: (coupon: Coupon) => void }) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [generate, { isLoading }] = useAdminGenerateSerialsMutation();
  const [f, setF] = useState<GenerateFields>(emptyGenerateFields);
  const [refusal, setRefusal] = useState<string | null>(null);
  const set = (patch: Partial<GenerateFields>) => setF((current) => ({ ...current, ...patch }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = generateBodyOf(f);
    if ('refusal' in checked) {
      setRefusal(t(`engagement.serials.generate.${checked.refusal}`));
      return;
    }
    setRefusal(null);
    try {
      onDone((await generate({ base: apiBase, body: checked.body }).unwrap()).coupon);
    } catch (failure) {
      setRefusal(refusalOf(failure, t('engagement.failed')));
    }
  };
  const { t: g } = useAdminTexts('engagement.serials.generate');
  return (
    <Card>
      <h3 className="engagement-section__title">{g('title')}</h3>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="form-grid">
          <Field
            label={g('name')}
            value={f.name}
            maxLength={100}
            required
            onChange={(e) => set({ name: e.target.value })}
            hint={g('nameHint')}
          />
          <Field
            label={g('count')}
            inputMode="numeric"
            value={f.count}
            required
            onChange={(e) => set({ count: e.target.value })}
            hint={g('countHint')}
          />
          <Field
            label={g('prefix')}
            value={f.prefix}
            maxLength={8}
            autoCapitalize="characters"
            hint={g('prefixHint')}
            onChange={(e) => set({ prefix: e.target.value.toUpperCase() })}
          />
          <Field
            label={g('tickets')}
            inputMode="numeric"
            value={f.tickets}
            onChange={(e) => set({ tickets: e.target.value })}
            hint={g('ticketsHint')}
          />
          <CharacterPicker
            label={g('character')}
            value={f.characterId}
            required
            onChange={(id) => set({ characterId: id, blockId: '' })}
          />
          <BlockPicker
            label={g('block')}
            characterId={f.characterId}
            value={f.blockId}
            required
            onChange={(id) => set({ blockId: id })}
          />
          <Field
            label={g('validFrom')}
            type="date"
            value={f.validFrom}
            onChange={(e) => set({ validFrom: e.target.value })}
            hint={g('validFromHint')}
          />
          <Field
            label={g('validUntil')}
            type="date"
            value={f.validUntil}
            onChange={(e) => set({ validUntil: e.target.value })}
            hint={g('validUntilHint')}
          />
        </div>
        <SwitchField
          label={g('debug')}
          hint={g('debugHint')}
          checked={f.isDebug}
          onChange={(isDebug) => set({ isDebug })}
        />
        {refusal && <Notice kind="error">{refusal}</Notice>}
        <div className="form-actions">
          <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={isLoading}>
            {t('engagement.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={isLoading}>
            {isLoading ? t('engagement.sending') : g('submit')}
          </button>
        </div>
      </form>
    </Card>
  );
}
