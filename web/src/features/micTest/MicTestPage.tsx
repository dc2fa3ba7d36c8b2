import { Link } from 'react-router';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Card, Notice, Page, Spinner } from '../../app/ui.tsx';
import { useMicTestCharacterQuery } from './micTestApi.ts';
import { useLevelMeter } from './useLevelMeter.ts';
import { useRecognitionTest, type RecognitionState } from './useRecognitionTest.ts';
import './micTest.css';

/** /mic_test: a live microphone level, one utterance through speech recognition, and the mic-test dialogue. */
export default function MicTestPage() {
  const { t } = useTranslation('micTest');
  return (
    <Page title={t('micTest.title')} lead={t('micTest.lead')} wide>
      <div className="mictest">
        <LevelCard />
        <RecognitionCard />
        <DialogueCard />
      </div>
    </Page>
  );
}

/** SPEC.md §5: the microphone must be allowed, otherwise a message says so (and where to allow it). */
function MicRefused() {
  const { t } = useTranslation('micTest');
  return (
    <Notice kind="error">
      {t('mic.refused')} <Link to="/mic_manual">{t('mic.manual')}</Link>
    </Notice>
  );
}

function LevelCard() {
  const { t } = useTranslation('micTest');
  const { state, level, start, stop } = useLevelMeter();
  const percent = Math.round(level * 100);
  return (
    <section className="card mictest__card" aria-labelledby="mictest-level">
      <h2 className="section-title" id="mictest-level">
        {t('micTest.level.title')}
      </h2>
      <p className="muted small">{t('micTest.level.lead')}</p>
      <div
        className={`mictest-meter${state === 'running' ? ' mictest-meter--on' : ''}`}
        role="meter"
        aria-label={t('micTest.level.meter')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className="mictest-meter__fill" style={{ width: `${percent}%` }} />
      </div>
      {state === 'running' && (
        <p className="small" aria-live="polite">
          {level > 0.35 ? t('micTest.level.hearing') : t('micTest.level.speak')}
        </p>
      )}
      {state === 'denied' && <MicRefused />}
      {state === 'missing' && <Notice kind="error">{t('mic.missing')}</Notice>}
      {state === 'unavailable' && <Notice kind="error">{t('micTest.level.unavailable')}</Notice>}
      {state === 'running' ? (
        <button type="button" className="btn btn--ghost btn--block" onClick={stop}>
          {t('micTest.level.stop')}
        </button>
      ) : (
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={() => void start()}
          disabled={state === 'starting'}
        >
          {state === 'starting' ? t('micTest.level.starting') : t('micTest.level.start')}
        </button>
      )}
    </section>
  );
}

const RECOGNITION_NOTICES: Partial<Record<RecognitionState, ParseKeys<'micTest'>>> = {
  nothing: 'micTest.recognition.nothing',
  siriOff: 'mic.siriOff',
  missing: 'mic.missing',
  unavailable: 'micTest.recognition.unavailable',
  failed: 'micTest.recognition.failed',
};

function RecognitionCard() {
  const { t, i18n } = useTranslation('micTest');
  const { state, text, listen, cancel, available } = useRecognitionTest(i18n.language === 'en-US' ? 'en-US' : 'ja-JP');
  const notice = RECOGNITION_NOTICES[state];
  return (
    <section className="card mictest__card" aria-labelledby="mictest-recognition">
      <h2 className="section-title" id="mictest-recognition">
        {t('micTest.recognition.title')}
      </h2>
      <p className="muted small">{t('micTest.recognition.lead')}</p>
      <div className="mictest-heard" aria-live="polite">
        <span className="mictest-heard__label">{t('micTest.recognition.heard')}</span>
        <span className="mictest-heard__text">
          {text || (state === 'listening' ? t('micTest.recognition.listening') : '—')}
        </span>
      </div>
      {state === 'heard' && <Notice kind="success">{t('micTest.recognition.ok')}</Notice>}
      {state === 'denied' && <MicRefused />}
      {notice && <Notice kind={state === 'nothing' ? 'info' : 'error'}>{t(notice)}</Notice>}
      {state === 'siriOff' && (
        <p className="small">
          <Link to="/mic_manual">{t('mic.manual')}</Link>
        </p>
      )}
      {state === 'listening' ? (
        <button type="button" className="btn btn--ghost btn--block" onClick={cancel}>
          {t('micTest.recognition.cancel')}
        </button>
      ) : (
        <button type="button" className="btn btn--primary btn--block" onClick={listen} disabled={!available}>
          {t('micTest.recognition.start')}
        </button>
      )}
    </section>
  );
}

function DialogueCard() {
  const { t } = useTranslation('micTest');
  const character = useMicTestCharacterQuery();
  return (
    <Card className="mictest__card mictest__dialogue">
      <h2 className="section-title">{t('micTest.dialogue.title')}</h2>
      <p className="muted small">{t('micTest.dialogue.lead')}</p>
      {character.isLoading && <Spinner label={t('common.loading')} />}
      {character.data && (
        <Link
          className="btn btn--primary btn--block btn--large"
          to={`/full/chat/${encodeURIComponent(character.data.slug)}?mic_test=1`}
        >
          {t('micTest.dialogue.start', { name: character.data.name })}
        </Link>
      )}
      {(character.data === null || character.isError) && <p className="muted">{t('micTest.dialogue.none')}</p>}
      <p className="small mictest__links">
        <Link to="/check">{t('micTest.toCheck')}</Link>
        <Link to="/mic_manual">{t('mic.manual')}</Link>
      </p>
    </Card>
  );
}
