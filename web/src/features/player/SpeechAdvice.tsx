import { Link } from 'react-router';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { SpeechProblem } from './playerSlice.ts';

/** Why, in the words /mic_test uses for the same failure (the common namespace's `mic`), or the player's own. */
const REASON = {
  denied: 'mic.refused',
  missing: 'mic.missing',
  siriOff: 'mic.siriOff',
  unavailable: 'mic.noRecognition',
  signInForVoice: 'player.speech.signIn',
  serverFailed: 'player.speech.serverFailed',
} as const satisfies Record<SpeechProblem, ParseKeys>;

/** The failures the mic manual explains (browser and iPhone settings). */
const MANUAL: readonly SpeechProblem[] = ['denied', 'siriOff'];

/**
 * What to do when voice does not reach the talk as meant: the reason, then
 * what happens now (the server listens instead, or typing), and where to
 * fix it (the mic manual, or logging in).
 */
export default function SpeechAdvice({ problem, serverListens }: { problem: SpeechProblem; serverListens: boolean }) {
  const { t } = useTranslation();
  return (
    <p className="player__advice small" role="alert" data-testid="speech-advice">
      <span>{t(REASON[problem])}</span>
      <span>{t(serverListens ? 'player.speech.nowServer' : 'player.speech.typeInstead')}</span>
      {MANUAL.includes(problem) && <Link to="/mic_manual">{t('mic.manual')}</Link>}
      {problem === 'signInForVoice' && <Link to="/login">{t('nav.login')}</Link>}
    </p>
  );
}
