import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, statusOf, useConfirmEmailMutation } from '../../../api/index.ts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { Card, Field, Notice, Page, Spinner } from '../../../app/ui.tsx';
import { loginNoticeSet, selectPendingConfirmationEmail } from '../authSlice.ts';
import { ResendConfirmation } from '../ResendConfirmation.tsx';

/** /email_confirm tells where the mail went (and takes a pasted code); /email_confirm/:token confirms at once. */
export function EmailConfirmPage() {
  const { t } = useTranslation('auth');
  const { token } = useParams();
  // An e-mail change's link (identity's emailChangeMail adds ?change=1): its own words, not the sign-up's.
  const change = useSearchParams()[0].get('change') === '1';
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const pendingEmail = useAppSelector(selectPendingConfirmationEmail);
  const [confirm, { isLoading, isSuccess, error }] = useConfirmEmailMutation();
  const [code, setCode] = useState('');
  const sent = useRef<string | null>(null);

  useEffect(() => {
    // Tokens are single-use: send each one once, even when effects run twice.
    if (!token || sent.current === token) return;
    sent.current = token;
    void confirm({ token });
  }, [token, confirm]);

  const goLogin = () => {
    dispatch(loginNoticeSet('emailConfirmed'));
    void navigate('/login');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim().replace(/^.*\/email_confirm\//, '');
    if (trimmed) void navigate(`/email_confirm/${encodeURIComponent(trimmed)}`);
  };

  return (
    <Page title={t(change ? 'confirm.changeTitle' : 'confirm.title')}>
      <Card>
        {isLoading && <Spinner label={t('confirm.checking')} />}
        {isSuccess && (
          <>
            <Notice kind="success">{t(change ? 'confirm.changeDone' : 'confirm.done')}</Notice>
            <button type="button" className="btn btn--primary btn--block" onClick={goLogin}>
              {t('confirm.toLogin')}
            </button>
          </>
        )}
        {/* A malformed, used or expired link (400) gets a sentence a person understands, not the validator's field name. */}
        {error && (
          <Notice kind="error">
            {statusOf(error) === 400
              ? t(change ? 'confirm.changeInvalidLink' : 'confirm.invalidLink')
              : errorMessageOf(error, t('confirm.failed'))}
          </Notice>
        )}
        {!token && (
          <>
            <p>{pendingEmail ? t('confirm.sentTo', { email: pendingEmail }) : t('confirm.sent')}</p>
            <p className="muted">{t('confirm.hint')}</p>
          </>
        )}
        {!isSuccess && !isLoading && (
          <form onSubmit={submit} className="stack-top">
            <Field
              label={t('confirm.codeLabel')}
              name="token"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="off"
            />
            <button type="submit" className="btn btn--ghost btn--block">
              {t('confirm.submit')}
            </button>
          </form>
        )}
        {(error || !token) && !change && <ResendConfirmation initialEmail={pendingEmail ?? ''} />}
        {error && change && (
          <p className="form-links">
            <Link to="/account/email_change">{t('confirm.changeAgain')}</Link>
          </p>
        )}
        <p className="form-links">
          <Link to="/login">{t('confirm.toLogin')}</Link>
        </p>
      </Card>
    </Page>
  );
}
