import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, useDeleteAccountMutation } from '../../../api/index.ts';
import { useAppDispatch } from '../../../app/hooks.ts';
import { usePopup } from '../../../app/shell.ts';
import { Card, Notice, Page } from '../../../app/ui.tsx';
import { AccountDeletionNotice, useAccountDeletionConsequences } from '../../../app/planList.ts';
import { PasswordInput } from '../PasswordInput.tsx';
import { loginNoticeSet } from '../authSlice.ts';

export function AccountDeletePage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const popup = usePopup();
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [remove, { isLoading }] = useDeleteAccountMutation();
  // The plans cancelled and cards deleted with the account: on the page and again in the confirmation.
  const consequences = useAccountDeletionConsequences();

  const erase = async () => {
    const result = await remove({ password });
    if (result.error) return setFailure(errorMessageOf(result.error, t('common.failed')));
    dispatch(loginNoticeSet('accountDeleted'));
    void navigate('/login', { replace: true });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    popup.show({
      message: [t('delete.confirm'), ...consequences].join('\n'),
      ok: { title: t('delete.submit'), onClick: erase },
      cancel: { title: t('common.cancel') },
      className: 'popup--danger',
    });
  };

  return (
    <Page title={t('account.delete')}>
      <Card>
        <Notice kind="info">{t('delete.warning')}</Notice>
        <AccountDeletionNotice />
        {failure && <Notice kind="error">{failure}</Notice>}
        <form onSubmit={submit}>
          <PasswordInput
            label={t('form.currentPassword')}
            name="password"
            autoComplete="current-password"
            showRule={false}
            value={password}
            onChange={setPassword}
          />
          <button type="submit" className="btn btn--danger btn--block" disabled={isLoading || password.length === 0}>
            {t('delete.submit')}
          </button>
        </form>
      </Card>
    </Page>
  );
}
