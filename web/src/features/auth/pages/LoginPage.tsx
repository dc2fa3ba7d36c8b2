import { useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, selectSession, statusOf, useClientConfig, useLoginMutation } from '../../../api/index.ts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { Card, Field, Notice, Page, safeReturnPath } from '../../../app/ui.tsx';
import { PasswordInput } from '../PasswordInput.tsx';
import { ResendConfirmation } from '../ResendConfirmation.tsx';
import { loginNoticeSet, selectLoginNotice } from '../authSlice.ts';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const notice = useAppSelector(selectLoginNotice);
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('redirect'));
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [login, { isLoading }] = useLoginMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const { status } = useAppSelector(selectSession);
  // The Google button only when the server has Google sign-in configured (GET /api/config).
  const { data: config } = useClientConfig();
  const submitted = useRef(false);

  // Someone already logged in has nothing to do here (this page's own log-in navigates by itself).
  if (status === 'authenticated' && !submitted.current) return <Navigate to={returnTo} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setUnconfirmed(false);
    submitted.current = true;
    const result = await login({ username, password });
    if (result.data?.ok) {
      dispatch(loginNoticeSet(null));
      // An account with a given password (the first admin's) sets its own before anything else.
      void navigate(result.data.passwordChangeRequired ? '/password_change' : returnTo, { replace: true });
      return;
    }
    submitted.current = false;
    // 403: the account's address is not confirmed yet; offer to send the mail again.
    if (statusOf(result.error) === 403) {
      setUnconfirmed(true);
      setFailure(t('resend.unconfirmed'));
      return;
    }
    // SPEC.md §8: HTTP 429 shows the fixed "too many attempts" text; otherwise the server's errorMessage.
    setFailure(
      statusOf(result.error) === 429 ? t('login.rateLimited') : errorMessageOf(result.error, t('login.failed')),
    );
  };

  return (
    <Page title={t('login.title')}>
      <Card>
        {notice && <Notice kind="success">{t(`login.notice.${notice}`)}</Notice>}
        {failure && <Notice kind="error">{failure}</Notice>}
        <form onSubmit={(event) => void submit(event)}>
          <Field
            label={t('form.email')}
            type="email"
            name="username"
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
          <PasswordInput
            label={t('form.password')}
            name="password"
            autoComplete="current-password"
            showRule={false}
            value={password}
            onChange={setPassword}
          />
          <button type="submit" className="btn btn--primary btn--block" disabled={isLoading}>
            {isLoading ? t('common.sending') : t('login.submit')}
          </button>
        </form>
        {unconfirmed && <ResendConfirmation initialEmail={username} />}
        {config?.googleSignIn && (
          <>
            <div className="divider">
              <span>{t('login.or')}</span>
            </div>
            <a
              className="btn btn--google btn--block"
              href={`/api/auth/google/login?redirect=${encodeURIComponent(returnTo)}`}
            >
              <span className="google-mark" aria-hidden="true">
                G
              </span>
              {t('login.google')}
            </a>
          </>
        )}
        <p className="form-links">
          <Link to="/password_reset">{t('login.forgot')}</Link>
          <Link to={`/register${params.get('redirect') ? `?redirect=${encodeURIComponent(returnTo)}` : ''}`}>
            {t('login.toRegister')}
          </Link>
        </p>
      </Card>
    </Page>
  );
}
