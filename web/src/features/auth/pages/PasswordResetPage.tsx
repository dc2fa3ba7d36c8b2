import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  errorMessageOf,
  useCheckResetTokenQuery,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
} from '../../../api/index.ts';
import { useAppDispatch } from '../../../app/hooks.ts';
import { Card, Field, Notice, Page, Spinner } from '../../../app/ui.tsx';
import { PasswordInput } from '../PasswordInput.tsx';
import { isValidPassword } from '../passwordRule.ts';
import { loginNoticeSet } from '../authSlice.ts';

function RequestForm() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [request, { isLoading, isSuccess, error }] = useRequestPasswordResetMutation();
  return (
    <Card>
      {isSuccess ? (
        <Notice kind="success">{t('reset.requested')}</Notice>
      ) : (
        <form
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            void request({ email });
          }}
        >
          {error && <Notice kind="error">{errorMessageOf(error, t('common.failed'))}</Notice>}
          <Field
            label={t('form.email')}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <button type="submit" className="btn btn--primary btn--block" disabled={isLoading}>
            {t('reset.send')}
          </button>
        </form>
      )}
      <p className="form-links">
        <Link to="/login">{t('confirm.toLogin')}</Link>
      </p>
    </Card>
  );
}

/** The link is checked first: a used or expired one says so at once and offers a new link, before any password is typed. */
function CheckedLink({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const check = useCheckResetTokenQuery({ token });
  if (check.isLoading) return <Spinner label={t('reset.checking')} />;
  if (check.isError) {
    return (
      <>
        <Notice kind="error">{errorMessageOf(check.error, t('reset.invalidLink'))}</Notice>
        <p>{t('reset.askAgain')}</p>
        <RequestForm />
      </>
    );
  }
  return <NewPasswordForm token={token} />;
}

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [reset, { isLoading }] = useResetPasswordMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidPassword(password)) return setFailure(t('password.invalid'));
    if (password !== again) return setFailure(t('password.mismatch'));
    const result = await reset({ token, newPassword: password });
    if (result.error) return setFailure(errorMessageOf(result.error, t('common.failed')));
    dispatch(loginNoticeSet('passwordReset'));
    void navigate('/login', { replace: true });
  };

  return (
    <Card>
      {failure && <Notice kind="error">{failure}</Notice>}
      <form onSubmit={(event) => void submit(event)}>
        <PasswordInput
          label={t('form.newPassword')}
          name="newPassword"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
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
          {t('reset.save')}
        </button>
      </form>
    </Card>
  );
}

export function PasswordResetPage() {
  const { t } = useTranslation('auth');
  const { token } = useParams();
  return (
    <Page title={t('reset.title')} lead={token ? t('reset.leadNew') : t('reset.lead')}>
      {token ? <CheckedLink token={token} /> : <RequestForm />}
    </Page>
  );
}
