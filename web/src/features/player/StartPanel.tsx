import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CharacterAccess, LockedBlock } from '@talkwith/proto/catalog';
import type { EngineInputOf, PublicCharacter as Character, StartButton } from '@talkwith/proto/dialogue';
import { selectUser } from '../../api/index.ts';
import type { TicketUse } from '../../app/billing.ts';
import { Icon } from '../../app/Icon.tsx';
import { useAppSelector } from '../../app/hooks.ts';
import { Notice } from '../../app/ui.tsx';
import { useLocalized } from '../../i18n/localized.ts';
import { useNextStartBlockQuery } from './dialogueApi.ts';
import type { EffectRunner, EntitledCharacter } from './effectRunner.ts';
import { selectPlayer } from './playerSlice.ts';
import { useLazyTicketGate } from './ticketGate.tsx';
import type { TalkStart } from './talkSession.ts';

/** Fetches the whole character with billing's proof of a ticket use (null when it cannot be had). */
export type Entitle = (ticketUseToken: string) => Promise<EntitledCharacter | null>;

interface Props {
  runner: EffectRunner;
  character: Character;
  /** The character's name in the interface language (the dialogue's own is Japanese). */
  name?: string | undefined;
  buttons: StartButton[];
  locked: LockedBlock[];
  /** ?mic_test=1 on a character with a mic-test block: the talk starts by itself, as a mic test. */
  micTest: boolean;
  /** How the catalog served the character (a preview costs a ticket per talk); unknown from an older server. */
  access?: CharacterAccess | undefined;
  /** Fetches the whole character with a ticket; without it a ticket's talk starts on the character as served. */
  entitle?: Entitle | undefined;
}

/**
 * Standby: the start buttons, the offer to resume where a signed-in user
 * left the character last time (POST /api/next_start_block), and the
 * serial-locked conversations. Every way in but the mic test goes through
 * the ticket gate (a priced character not bought costs a ticket); a talk paid
 * with a ticket starts once the whole character is fetched with it. The mic
 * test never costs a ticket (the server opens it without one).
 */
export function StartPanel({
  runner,
  character,
  name = character.name,
  buttons,
  locked,
  micTest,
  access,
  entitle,
}: Props) {
  const { t } = useTranslation();
  const label = useLocalized();
  const { gate: throughTicketGate, host: ticketGate } = useLazyTicketGate({
    id: character.id,
    name,
    price: character.price,
    access,
  });
  const user = useAppSelector(selectUser);
  const { starting, notice } = useAppSelector(selectPlayer);
  // Offered until the user starts a talk on this visit; asked afresh on every visit.
  const [offerOpen, setOfferOpen] = useState(true);
  const resume = useNextStartBlockQuery(
    { character_id: character.id, viewer: user?.id ?? '' },
    { skip: !user || micTest || !offerOpen || access === 'draft', refetchOnMountOrArgChange: true },
  );
  const resumeBlock = offerOpen ? (resume.data?.block_id ?? null) : null;

  /** The talk once the gate let it through: with a ticket, on the whole character fetched with it. */
  const begin = (start: TalkStart, input: EngineInputOf<'start'>) => (ticket?: TicketUse) => {
    if (!ticket) return runner.startTalk(start, input);
    const withTicket = { ...start, ticketUseToken: ticket.useToken };
    return entitle
      ? runner.startTalk(withTicket, input, entitle(ticket.useToken))
      : runner.startTalk(withTicket, input);
  };
  // The mic test (?mic_test=1, or the start button that leads to the mic-test block) never costs a ticket:
  // the server opens a 'micTest' talk without one, and a preview holds the mic-test block.
  const startMicTest = () => runner.startTalk({ btn: 'micTest' }, { type: 'start', source: 'micTest' });
  const startWith = (button: StartButton) => {
    setOfferOpen(false);
    if (button.block_id === character.setting.for_mic_test) return startMicTest();
    throughTicketGate(button.id, begin({ btn: button.id }, { type: 'start', source: 'button', buttonId: button.id }));
  };
  const resumeFrom = (blockId: string) => {
    setOfferOpen(false);
    throughTicketGate(
      'resume',
      begin({ btn: 'resume', resumedFrom: blockId }, { type: 'start', source: 'resume', blockId }),
    );
  };
  useMicTestStart(micTest, startMicTest);

  return (
    <div className="player__panel player__panel--center" aria-busy={starting}>
      {ticketGate}
      {notice && <Notice kind="info">{t(`player.notice.${notice}`)}</Notice>}
      {resumeBlock && (
        <section className="player__resume" aria-labelledby="player-resume-question">
          <p id="player-resume-question" className="player__hint">
            {t('player.resumeQuestion')}
          </p>
          {resume.data?.title && (
            <p className="player__hint player__hint--small">
              {t('player.resumeWhere', { title: label(resume.data.title, resume.data.title_i18n) })}
            </p>
          )}
          <div className="player__buttons">
            <button
              type="button"
              className="btn btn--primary"
              disabled={starting}
              onClick={() => resumeFrom(resumeBlock)}
            >
              {t('player.resumeYes')}
            </button>
          </div>
        </section>
      )}
      <p className="player__hint">
        {starting ? t('player.preparing') : resumeBlock ? t('player.startNewHint') : t('player.startHint', { name })}
      </p>
      <div className="player__buttons">
        {buttons.map((button) => (
          <button
            key={button.id}
            type="button"
            className={resumeBlock ? 'btn btn--ghost' : 'btn btn--primary'}
            disabled={starting}
            onClick={() => startWith(button)}
          >
            {label(button.title, button.title_i18n)}
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
  const label = useLocalized();
  const shown = locked.flatMap((l) =>
    l.start_button_title === null
      ? []
      : [{ ...l, start_button_title: label(l.start_button_title, l.start_button_title_i18n) }],
  );
  if (shown.length === 0) return null;
  return (
    <div className="player__buttons player__buttons--locked">
      {shown.map((l) => (
        <Link
          key={l.block_id}
          className="btn btn--ghost player__locked"
          to="/serial"
          aria-label={t('player.lockedLabel', { title: l.start_button_title })}
        >
          <Icon name="lock" size={18} />
          <span>{l.start_button_title}</span>
        </Link>
      ))}
      <p className="player__hint player__hint--small">{t('player.lockedHint')}</p>
    </div>
  );
}
