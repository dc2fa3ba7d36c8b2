import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CharacterAccess, LockedBlock } from '@talkwith/proto/catalog';
import type { PublicCharacter as Character } from '@talkwith/proto/dialogue';
import { Icon } from '../../app/Icon.tsx';
import { useLocalized } from '../../i18n/localized.ts';
import { useAppSelector } from '../../app/hooks.ts';
import type { EffectRunner } from './effectRunner.ts';
import { selectPlayer } from './playerSlice.ts';
import { StartPanel, type Entitle } from './StartPanel.tsx';
import { usePaidAction } from './usePaidAction.tsx';
import type { PlayerView } from './view.ts';

// Loaded only when voice fails: the chat route's first paint carries none of it.
const SpeechAdvice = lazy(() => import('./SpeechAdvice.tsx'));

interface Props {
  runner: EffectRunner;
  character: Character;
  /** The character's name in the interface language (the dialogue's own is Japanese). */
  name?: string;
  locked?: LockedBlock[];
  /** ?mic_test=1 and the character has a mic-test block. */
  micTest?: boolean;
  /** How the catalog served the character, and how to fetch all of it with a ticket (StartPanel). */
  access?: CharacterAccess | undefined;
  entitle?: Entitle | undefined;
}

/** Start (standby), the end card, or the talk's controls: action buttons, what was heard, the microphone switch and the always-present text input. */
export function PlayerControls({ runner, character, name, locked = [], micTest = false, access, entitle }: Props) {
  const { t } = useTranslation();
  const { view } = useAppSelector(selectPlayer);

  if (view.ended) {
    return (
      <div className="player__panel player__panel--center">
        <p className="player__ended">{t('player.ended')}</p>
        {view.summary && <Summary summary={view.summary} />}
        <div className="player__buttons">
          <button type="button" className="btn btn--primary" onClick={() => runner.send({ type: 'ready' })}>
            {t('player.again')}
          </button>
          <Link className="btn btn--ghost" to="/full/select_chat">
            {t('player.chooseAnother')}
          </Link>
        </div>
      </div>
    );
  }
  if (view.startButtons.length > 0) {
    return (
      <StartPanel
        runner={runner}
        character={character}
        name={name}
        buttons={view.startButtons}
        locked={locked}
        micTest={micTest}
        access={access}
        entitle={entitle}
      />
    );
  }
  return (
    <div className="player__panel">
      {view.summary && <Summary summary={view.summary} />}
      <ActionButtons runner={runner} character={character} view={view} />
      <Heard view={view} />
      <SayForm runner={runner} view={view} />
    </div>
  );
}

function ActionButtons({ runner, character, view }: { runner: EffectRunner; character: Character; view: PlayerView }) {
  const { t } = useTranslation();
  const press = usePaidAction(runner, character.id);
  const label = useLocalized();
  if (view.actionButtons.length === 0) return null;
  return (
    <div className="player__buttons player__buttons--actions" role="group" aria-label={t('player.actions')}>
      {view.actionButtons.map((button) => (
        <button
          key={button.id}
          type="button"
          className="player__chip player__chip--action"
          disabled={view.paused}
          onClick={() => press(button)}
        >
          {label(button.title, button.title_i18n)}
          {(button.points ?? 0) > 0 && (
            <span className="player__cost">{t('player.paid.cost', { points: button.points })}</span>
          )}
        </button>
      ))}
    </div>
  );
}

/**
 * What was heard: the recognised text (only when the character's
 * show_recognition_text lets the engine send it) or, when a block with
 * show_previous_block_speech begins, what the user said in the block before.
 */
function Heard({ view }: { view: PlayerView }) {
  const { t } = useTranslation();
  const text = view.recognition
    ? t('player.youSaid', { text: view.recognition.text })
    : view.previousSpeech
      ? t('player.previousSpeech', { text: view.previousSpeech })
      : '\u00a0';
  return (
    <p className="player__heard" aria-live="polite" data-testid="player-heard">
      {text}
    </p>
  );
}

/**
 * The microphone switch and the text input. The switch is the user's (the
 * recogniser stays closed while it is off); the "listening" indicator on it
 * and the status line show only when the character's show_speech_mic asks
 * for a microphone indicator (the engine's micOn showIndicator).
 */
function SayForm({ runner, view }: { runner: EffectRunner; view: PlayerView }) {
  const { t } = useTranslation();
  const { speechMode, speechProblem } = useAppSelector(selectPlayer);
  const [micEnabled, setMicEnabled] = useState(true);
  const [text, setText] = useState('');
  const listening = view.micOn && !view.paused && !view.ended;
  const indicator = listening && view.micIndicator;
  // No recogniser (none here, refused, a guest's character without the browser's) or the switch off: typing only.
  const speaks = speechMode !== 'textOnly' && micEnabled;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const said = text.trim();
    if (!said || !listening) return;
    runner.send({ type: 'speechFinal', text: said });
    setText('');
  };
  const toggleMic = () => {
    runner.setMicEnabled(!micEnabled);
    setMicEnabled(!micEnabled);
  };

  return (
    <>
      <form className="player__say" onSubmit={submit}>
        {speechMode !== 'textOnly' && (
          <button
            type="button"
            className={`player__mic${micEnabled ? ' player__mic--on' : ''}${indicator && micEnabled ? ' player__mic--live' : ''}`}
            aria-pressed={micEnabled}
            onClick={toggleMic}
          >
            <Icon name="mic" size={20} />
            <span className="visually-hidden">{micEnabled ? t('player.micOn') : t('player.micOff')}</span>
          </button>
        )}
        <label className="visually-hidden" htmlFor="player-utterance">
          {t('player.typeLabel')}
        </label>
        <input
          id="player-utterance"
          name="utterance"
          className="player__input"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={listening ? t('player.typePlaceholder') : t('player.waitToSpeak')}
          autoComplete="off"
          enterKeyHint="send"
        />
        <button type="submit" className="btn btn--primary player__send" disabled={!listening || !text.trim()}>
          {t('player.send')}
        </button>
      </form>
      <p className="player__status small" role="status">
        {indicator ? (speaks ? t('player.listening') : t('player.listeningTyped')) : ' '}
      </p>
      {speechProblem && (
        <Suspense fallback={null}>
          <SpeechAdvice problem={speechProblem} serverListens={speechMode === 'serverSpeech'} />
        </Suspense>
      )}
    </>
  );
}

function Summary({
  summary,
}: {
  summary: { title: string; items: Array<{ slot: string; label: string; value: string }> };
}) {
  return (
    <section className="player__summary">
      <h2>{summary.title}</h2>
      <dl>
        {summary.items.map((item) => (
          <div key={item.slot}>
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
