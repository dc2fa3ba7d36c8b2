import type { ReactNode } from 'react';
import type { ParseKeys } from 'i18next';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Page } from '../../app/ui.tsx';
import type { CheckStatus, Verdict } from './checks.ts';
import { CHECKS, useSystemChecks, type CheckName } from './useSystemChecks.ts';
import './systemCheck.css';

const ICONS: Record<CheckStatus, string> = { ok: '✓', warning: '!', error: '×' };

/** /check (login required, SPEC.md §2): can this browser talk — browser, microphone, speech recognition, autoplay, network. */
export default function SystemCheckPage() {
  const { t } = useTranslation('systemCheck');
  const { verdicts, micState, askMicrophone, asking, rerun } = useSystemChecks();
  const done = CHECKS.every((name) => verdicts[name]);
  const problems = CHECKS.filter((name) => verdicts[name] && verdicts[name].status !== 'ok').length;
  const canAsk = micState === 'prompt' || micState === 'unknown' || micState === 'denied';

  return (
    <Page title={t('systemCheck.title')} lead={t('systemCheck.lead')}>
      <div className="syscheck">
        <p
          className={`syscheck__summary syscheck__summary--${!done ? 'pending' : problems ? 'warning' : 'ok'}`}
          role="status"
          aria-live="polite"
        >
          {!done
            ? t('systemCheck.running')
            : problems
              ? t('systemCheck.problems', { count: problems })
              : t('systemCheck.allOk')}
        </p>
        <ol className="syscheck__list">
          {CHECKS.map((name) => (
            <CheckRow key={name} name={name} verdict={verdicts[name]}>
              {name === 'mic' && canAsk && (
                <button
                  type="button"
                  className="btn btn--primary btn--small"
                  onClick={() => void askMicrophone()}
                  disabled={asking}
                >
                  {asking ? t('systemCheck.mic.asking') : t('systemCheck.mic.ask')}
                </button>
              )}
            </CheckRow>
          ))}
        </ol>
        <Card className="syscheck__next">
          <button type="button" className="btn btn--ghost" onClick={rerun}>
            {t('systemCheck.rerun')}
          </button>
          <Link className="btn btn--primary" to="/mic_test">
            {t('systemCheck.toMicTest')}
          </Link>
        </Card>
      </div>
    </Page>
  );
}

function CheckRow({
  name,
  verdict,
  children,
}: {
  name: CheckName;
  verdict: Verdict | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation('systemCheck');
  const headingId = `syscheck-${name}`;
  const status = verdict?.status ?? 'pending';
  return (
    <li className={`syscheck-row syscheck-row--${status}`} aria-labelledby={headingId} aria-busy={!verdict}>
      <span className="syscheck-row__icon" aria-hidden="true">
        {verdict ? ICONS[verdict.status] : '…'}
      </span>
      <div className="syscheck-row__body">
        <div className="syscheck-row__head">
          <h2 className="syscheck-row__name" id={headingId}>
            {t(`systemCheck.${name}.name`)}
          </h2>
          <span className="syscheck-row__status">{t(`systemCheck.status.${status}`)}</span>
        </div>
        {verdict && (
          <p className="syscheck-row__found">
            {t(`systemCheck.${verdict.found}` as ParseKeys<'systemCheck'>, verdict.values ?? {})}
          </p>
        )}
        {verdict?.fix && (
          <p className="syscheck-row__fix">{t(`systemCheck.${verdict.fix}` as ParseKeys<'systemCheck'>)}</p>
        )}
        {(children || verdict?.micManual) && (
          <p className="syscheck-row__actions">
            {children}
            {verdict?.micManual && <Link to="/mic_manual">{t('systemCheck.micManual')}</Link>}
          </p>
        )}
      </div>
    </li>
  );
}
