import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LockedBlock } from '@talkwith/proto/catalog';
import type { PublicCharacter as Character, StartButton } from '@talkwith/proto/dialogue';
import { selectUser } from '../../api/index.ts';
import { useTalkTicketGate } from '../../app/billing.ts';
import { Icon } from '../../app/Icon.tsx';
import { useAppSelector } from '../../app/hooks.ts';
import { useNextStartBlockQuery } from './dialogueApi.ts';
import type { EffectRunner } from './effectRunner.ts';

interface Props {
  runner: EffectRunner;
  character: Character;
  buttons: StartButton[];
  locked: LockedBlock[];
  /** ?mic_test=1 on a character with a mic-test block: the talk starts by itself, as a mic test. */
  micTest: boolean;
}

/**
 * Standby: the start buttons, the offer to resume where a signed-in user
 * left the character last time (POST /api/next_start_block), and the
 * serial-locked conversations. Every way in goes through the ticket gate
 * (a priced character not bought costs a ticket) and then starts the talk.
 */
export function StartPanel({ runner, character, buttons, locked, micTest }: Props) {
  const { t } = useTranslation();
  const throughTicketGate = useTalkTicketGate(character);
  const user = useAppSelector(selectUser);
  // Offered until the user starts a talk on this visit; asked afresh on every visit.
  const [offerOpen, setOfferOpen] = useState(true);
  const resume = useNextStartBlockQuery(
    { character_id: character.id, viewer: user?.id ?? '' },
    { skip: !user || micTest || !offerOpen, refetchOnMountOrArgChange: true },
  );
  const resumeBlock = offerOpen ? resume.data?.block_id ?? null : null;

  const startWith = (button: StartButton) => {
    setOfferOpen(false);
    throughTicketGate(button.id, (ticketUseId) => runner.startTalk({ btn: button.id, ticketUseId }, { type: 'start', source: 'button', buttonId: button.id }));
  };
  const resumeFrom = (blockId: string) => {
    setOfferOpen(false);
    throughTicketGate('resume', (ticketUseId) => runner.startTalk({ btn: 'resume', ticketUseId, resumedFrom: blockId }, { type: 'start', source: 'resume', blockId }));
  };
  useMicTestStart(micTest, () => throughTicketGate('micTest', (ticketUseId) => runner.startTalk({ btn: 'micTest', ticketUseId }, { type: 'start', source: 'micTest' })));

  return (
    <div className="player__panel player__panel--center">
      {resumeBlock && (
        <section className="player__resume" aria-labelledby="player-resume-question">
          <p id="player-resume-question" className="player__hint">{t('player.resumeQuestion')}</p>
          {resume.data?.title && <p className="player__hint player__hint--small">{t('player.resumeWhere', { title: resume.data.title })}</p>}
          <div className="player__buttons">
            <button type="button" className="btn btn--primary" onClick={() => resumeFrom(resumeBlock)}>{t('player.resumeYes')}</button>
          </div>
        </section>
      )}
      <p className="player__hint">{resumeBlock ? t('player.startNewHint') : t('player.startHint', { name: character.name })}</p>
      <div className="player__buttons">
        {buttons.map((button) => (
          <button key={button.id} type="button" className={resumeBlock ? 'btn btn--ghost' : 'btn btn--primary'} onClick={() => startWith(button)}>
            {button.title}
          </button>
        ))}
      </div>
      <LockedButtons locked={locked} />
    </div>
  );
}

/** The mic test starts once, as soon as the standby is shown (the /mic_test page's tap is the gesture). */
function useMicTestStart(micTest: boolean, start: () => void): void {
  const started = useRef(false);
  const startRef = useRef(start);
  startRef.current = start;
  useEffect(() => {
    if (!micTest || started.current) return;
    started.current = true;
    startRef.current();
  }, [micTest]);
}

/** Conversations a serial code unlocks (left out of the character until then): shown locked, leading to /serial. */
function LockedButtons({ locked }: { locked: LockedBlock[] }) {
  const { t } = useTranslation();
  const shown = locked.filter((l) => l.start_button_title !== null);
  if (shown.length === 0) return null;
  return (
    <div className="player__buttons player__buttons--locked">
      {shown.map((l) => (
        <Link key={l.block_id} className="btn btn--ghost player__locked" to="/serial" aria-label={t('player.lockedLabel', { title: l.start_button_title })}>
          <Icon name="lock" size={18} />
          <span>{l.start_button_title}</span>
        </Link>
      ))}
      <p className="player__hint player__hint--small">{t('player.lockedHint')}</p>
    </div>
  );
}
