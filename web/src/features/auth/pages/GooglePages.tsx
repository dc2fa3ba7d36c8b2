import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { selectSession } from '../../../api/index.ts';
import { useAppSelector } from '../../../app/hooks.ts';
import { Card, Notice, Page, Spinner, safeReturnPath } from '../../../app/ui.tsx';

/** The callback set the session cookies; the shell's session restore (POST /api/auth/refresh) turns them into a session. */
export function GoogleSuccessPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { status } = useAppSelector(selectSession);
  useEffect(() => {
    if (status === 'authenticated') void navigate(safeReturnPath(params.get('redirect')), { replace: true });
    if (status === 'guest') void navigate('/google/failure?reason=session', { replace: true });
  }, [status, navigate, params]);
  return (
    <Page title={t('google.successTitle')}>
      <Spinner label={t('google.finishing')} />
    </Page>
  );
}

export function GoogleFailurePage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const reason = params.get('reason');
  return (
    <Page title={t('google.failureTitle')}>
      <Card>
        <Notice kind="error">
          {reason === 'not_configured'
            ? t('google.notConfigured')
            : reason === 'suspended'
              ? t('google.suspended')
              : t('google.failed')}
        </Notice>
        <Link className="btn btn--primary btn--block" to="/login">
          {t('google.backToLogin')}
        </Link>
      </Card>
    </Page>
  );
}
