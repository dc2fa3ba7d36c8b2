import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, statusOf, useResendConfirmationMutation } from '../../api/index.ts';
import { Field, Notice } from '../../app/ui.tsx';

/**
 * "Send the confirmation mail again" (POST /api/auth/email_confirm/resend),
 * where an unconfirmed user ends up: the log-in refusal and a bad or expired
 * confirmation link. The server answers alike for any address, so does this.
 */
export function ResendConfirmation({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState(initialEmail);
  const [resend, { isLoading, isSuccess, error }] = useResendConfirmationMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) void resend({ email: email.trim() });
  };

  return (
    <form onSubmit={submit} className="stack-top" aria-label={t('resend.title')}>
      <p className="muted">{t('resend.title')}</p>
      {isSuccess && <Notice kind="success">{t('resend.done')}</Notice>}
      {error && (
        <Notice kind="error">
          {statusOf(error) === 429 ? t('resend.rateLimited') : errorMessageOf(error, t('common.failed'))}
        </Notice>
      )}
      <Field
        label={t('form.email')}
        type="email"
        name="resend-email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <button type="submit" className="btn btn--ghost btn--block" disabled={isLoading || isSuccess}>
        {isLoading ? t('common.sending') : t('resend.submit')}
      </button>
    </form>
  );
}
