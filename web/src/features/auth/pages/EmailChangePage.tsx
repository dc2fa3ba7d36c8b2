import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, useRequestEmailChangeMutation } from '../../../api/index.ts';
import { Card, Field, Notice, Page } from '../../../app/ui.tsx';
import { PasswordInput } from '../PasswordInput.tsx';

export function EmailChangePage() {
  const { t } = useTranslation('auth');
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [request, { isLoading, isSuccess, error }] = useRequestEmailChangeMutation();
  return (
    <Page title={t('account.emailChange')} lead={t('emailChange.lead')}>
      <Card>
        {isSuccess ? (
          <Notice kind="success">{t('emailChange.sent', { email: newEmail })}</Notice>
        ) : (
          <form
            onSubmit={(event: FormEvent) => {
              event.preventDefault();
              void request({ new_email: newEmail, password });
            }}
          >
            {error && <Notice kind="error">{errorMessageOf(error, t('common.failed'))}</Notice>}
            <Field
              label={t('form.newEmail')}
              type="email"
              name="new_email"
              autoComplete="email"
              required
              value={newEmail}
              onChange={(e) => setNewEmail(e.target.value)}
            />
            <PasswordInput
              label={t('form.currentPassword')}
              name="password"
              autoComplete="current-password"
              showRule={false}
              value={password}
              onChange={setPassword}
            />
            <button type="submit" className="btn btn--primary btn--block" disabled={isLoading}>
              {t('emailChange.submit')}
            </button>
          </form>
        )}
      </Card>
    </Page>
  );
}
