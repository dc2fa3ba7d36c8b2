import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductTextView } from '@talkwith/proto/billing';
import type { Translations } from '@talkwith/proto/identity';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { refusalOf } from '../billing/ConfirmDialog.tsx';
import { when } from '../billing/format.ts';
import { ADMIN_NS } from '../i18n.ts';
import { sameTranslations } from '../translations/sameTranslations.ts';
import { TranslationsField } from '../translations/TranslationsField.tsx';
import { useLeaveGuard } from '../useLeaveGuard.ts';
import { useAdminProductTextsQuery, useAdminUpdateProductTextMutation } from './productTextsApi.ts';
import '../billing/billing.css';

/** `product_texts`: the names of the ticket and point packs and of the plans in en-US, fil-PH and zh-TW (the Japanese is fixed with the product). */
export function ProductTextsPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const { data, error, isLoading } = useAdminProductTextsQuery({ base: apiBase });
  return (
    <>
      <div className="admin-head">
        <h2 className="admin-head__title">{t('productTexts.title')}</h2>
      </div>
      <p className="muted small">{t('productTexts.lead')}</p>
      {isLoading && <Spinner label={t('billing.loading')} />}
      {error && <Notice kind="error">{refusalOf(error, t('billing.failed'))}</Notice>}
      {data?.texts.map((text) => (
        <ProductTextForm key={text.key} text={text} />
      ))}
    </>
  );
}

function ProductTextForm({ text }: { text: ProductTextView }) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const [update, { isLoading, error, isSuccess, reset }] = useAdminUpdateProductTextMutation();
  const [names, setNames] = useState<Translations>(text.name_i18n);
  useLeaveGuard(!sameTranslations(names, text.name_i18n));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void update({ base: apiBase, key: text.key, name_i18n: names });
  };
  return (
    <Card>
      <form onSubmit={submit} noValidate aria-label={text.name}>
        <h3 className="billing-subtitle">
          {text.name} <span className="muted small mono">{text.key}</span>
        </h3>
        {isSuccess && <Notice kind="success">{t('productTexts.saved')}</Notice>}
        {error && <Notice kind="error">{refusalOf(error, t('billing.failed'))}</Notice>}
        <TranslationsField
          label={t('productTexts.name')}
          japanese={text.name}
          value={names}
          onChange={(value) => {
            setNames(value);
            reset();
          }}
          maxLength={100}
        />
        <div className="form-actions">
          <button type="submit" className="btn btn--primary" disabled={isLoading}>
            {t('productTexts.save')}
          </button>
          <span className="muted small">
            {text.edited_at
              ? t('productTexts.edited', { at: when(text.edited_at, i18n.language) })
              : t('productTexts.shipped')}
          </span>
        </div>
      </form>
    </Card>
  );
}
