import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PublicCharacter as Character } from '@talkwith/proto/dialogue';
import { Icon } from '../../app/Icon.tsx';
import { useAppSelector } from '../../app/hooks.ts';
import type { EffectRunner } from './effectRunner.ts';
import { selectPlayer } from './playerSlice.ts';
import { useTalkTicketGate } from '../../app/billing.ts';

/** Start and action buttons, what was heard, the microphone switch and the always-present text input. */
export function PlayerControls({ runner, character }: { runner: EffectRunner; character: Character }) {
  const { t } = useTranslation();
  // A priced character not bought yet costs a talk ticket per talk (billing decides; the start waits for it).
  const throughTicketGate = useTalkTicketGate(character);
  const { view, speechMode, speechProblem } = useAppSelector(selectPlayer);
  const [micEnabled, setMicEnabled] = useState(true);
  const [text, setText] = useState('');
  const listening = view.micOn && !view.paused && !view.ended;

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

  if (view.ended) {
    return (
      <div className="player__panel player__panel--center">
        <p className="player__ended">{t('player.ended')}</p>
        {view.summary && <Summary summary={view.summary} />}
        <div className="player__buttons">
          <button type="button" className="btn btn--primary" onClick={() => runner.send({ type: 'ready' })}>{t('player.again')}</button>
          <Link className="btn btn--ghost" to="/full/select_chat">{t('player.chooseAnother')}</Link>
        </div>
      </div>
    );
  }
  if (view.startButtons.length > 0) {
    return (
      <div className="player__panel player__panel--center">
        <p className="player__hint">{t('player.startHint', { name: character.name })}</p>
        <div className="player__buttons">
          {view.startButtons.map((button) => (
            <button key={button.id} type="button" className="btn btn--primary" onClick={() => throughTicketGate(button.id, () => runner.send({ type: 'start', source: 'button', buttonId: button.id }))}>
              {button.title}
            </button>
          ))}
        </div>
      </div>
    );
  }
  return (
    <div className="player__panel">
      {view.summary && <Summary summary={view.summary} />}
      {view.actionButtons.length > 0 && (
        <div className="player__buttons player__buttons--actions" role="group" aria-label={t('player.actions')}>
          {view.actionButtons.map((button) => (
            <button key={button.id} type="button" className="player__chip player__chip--action" disabled={view.paused} onClick={() => runner.send({ type: 'actionButton', buttonId: button.id })}>
              {button.title}
            </button>
          ))}
        </div>
      )}
      <p className="player__heard" aria-live="polite">
        {view.recognition ? t('player.youSaid', { text: view.recognition.text }) : view.previousSpeech ? t('player.previousSpeech', { text: view.previousSpeech }) : '\u00a0'}
      </p>
      <form className="player__say" onSubmit={submit}>
        {speechMode === 'webSpeech' && (
          <button type="button" className={`player__mic${micEnabled ? ' player__mic--on' : ''}${listening && micEnabled ? ' player__mic--live' : ''}`} aria-pressed={micEnabled} onClick={toggleMic}>
            <Icon name="mic" size={20} />
            <span className="visually-hidden">{micEnabled ? t('player.micOn') : t('player.micOff')}</span>
          </button>
        )}
        <label className="visually-hidden" htmlFor="player-utterance">{t('player.typeLabel')}</label>
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
        <button type="submit" className="btn btn--primary player__send" disabled={!listening || !text.trim()}>{t('player.send')}</button>
      </form>
      <p className="player__status small" role="status">
        {listening ? t('player.listening') : ' '}
        {speechProblem && <span className="player__problem"> {t('player.speechUnavailable')}</span>}
      </p>
    </div>
  );
}

function Summary({ summary }: { summary: { title: string; items: Array<{ slot: string; label: string; value: string }> } }) {
  return (
    <section className="player__summary">
      <h2>{summary.title}</h2>
      <dl>
        {summary.items.map((item) => (
          <div key={item.slot}><dt>{item.label}</dt><dd>{item.value}</dd></div>
        ))}
      </dl>
    </section>
  );
}
