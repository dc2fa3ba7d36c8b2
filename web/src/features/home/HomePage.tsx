import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { selectSession, useClientConfig } from '../../api/index.ts';
import { useAppSelector } from '../../app/hooks.ts';

const STEPS = ['home.step1', 'home.step2', 'home.step3'] as const;
type Step = (typeof STEPS)[number] | 'home.step1Google';

/** The top page: what TALK WITH is, and the way in. */
export function HomePage() {
  const { t } = useTranslation();
  const { status } = useAppSelector(selectSession);
  // Google is promised only when the server has Google sign-in configured (GET /api/config), as the login page's button.
  const google = Boolean(useClientConfig().data?.googleSignIn);
  const steps: Step[] = STEPS.map((key) => (key === 'home.step1' && google ? 'home.step1Google' : key));
  return (
    <div className="home">
      <section className="hero">
        <div className="hero__bubble hero__bubble--a" aria-hidden="true">
          {t('home.bubbleA')}
        </div>
        <div className="hero__bubble hero__bubble--b" aria-hidden="true">
          {t('home.bubbleB')}
        </div>
        <h1 className="hero__title">{t('home.title')}</h1>
        <p className="hero__lead">{t('home.lead')}</p>
        <div className="hero__actions">
          {status === 'authenticated' ? (
            <Link className="btn btn--primary btn--large" to="/mypage">
              {t('nav.mypage')}
            </Link>
          ) : (
            <>
              <Link className="btn btn--primary btn--large" to="/register">
                {t('home.start')}
              </Link>
              <Link className="btn btn--ghost btn--large" to="/login">
                {t('nav.login')}
              </Link>
            </>
          )}
        </div>
      </section>
      <section className="steps" aria-label={t('home.howTo')}>
        <h2 className="section-title">{t('home.howTo')}</h2>
        <ol className="steps__list">
          {steps.map((key, index) => (
            <li key={key} className="steps__item">
              <span className="steps__num" aria-hidden="true">
                {index + 1}
              </span>
              <span>{t(key)}</span>
            </li>
          ))}
        </ol>
        <p className="muted small">
          {t('home.micNote')} <Link to="/mic_manual">{t('nav.micManual')}</Link>
        </p>
      </section>
    </div>
  );
}
