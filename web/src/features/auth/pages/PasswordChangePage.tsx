import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, selectUser, useChangePasswordMutation } from '../../../api/index.ts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { Card, Notice, Page } from '../../../app/ui.tsx';
import { PasswordInput } from '../PasswordInput.tsx';
import { isValidPassword } from '../passwordRule.ts';
import { loginNoticeSet } from '../authSlice.ts';

export function PasswordChangePage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [change, { isLoading }] = useChangePasswordMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    if (!isValidPassword(next)) return setFailure(t('password.invalid'));
    if (next !== again) return setFailure(t('password.mismatch'));
    const result = await change({ currentPassword: current, newPassword: next, user_id: user.id });
    if (result.error) return setFailure(errorMessageOf(result.error, t('common.failed')));
    // The server ends all sessions after a change, so the user logs in again with the new password.
    dispatch(loginNoticeSet('passwordChanged'));
    void navigate('/login?redirect=%2Fmypage', { replace: true });
  };

  return (
    <Page title={t('change.title')} lead={t('change.lead')}>
      <Card>
        {failure && <Notice kind="error">{failure}</Notice>}
        <form onSubmit={(event) => void submit(event)}>
          <PasswordInput
            label={t('form.currentPassword')}
            name="currentPassword"
            autoComplete="current-password"
            showRule={false}
            value={current}
            onChange={setCurrent}
          />
          <PasswordInput
            label={t('form.newPassword')}
            name="newPassword"
            autoComplete="new-password"
            value={next}
            onChange={setNext}
          />
          <PasswordInput
            label={t('form.newPasswordAgain')}
            name="newPasswordAgain"
            autoComplete="new-password"
            showRule={false}
            value={again}
            onChange={setAgain}
          />
          <button type="submit" className="btn btn--primary btn--block" disabled={isLoading}>
            {t('change.submit')}
          </button>
        </form>
      </Card>
    </Page>
  );
}
