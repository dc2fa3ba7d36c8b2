import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationLine } from '@talkwith/proto/dialogue';
import { useLocalized } from '../../i18n/localized.ts';
import { formatWhen } from './talkList.ts';

/** Lines shown before 「すべて見る」: enough to recall the talk, short enough for a phone. */
const FIRST_SHOWN = 6;

/** One talk's lines (consecutive lines with the same talk_id), headed by when it began. */
interface TalkGroup {
  key: string;
  at: string;
  lines: ConversationLine[];
}

export function groupByTalk(lines: readonly ConversationLine[]): TalkGroup[] {
  const groups: TalkGroup[] = [];
  for (const line of lines) {
    const last = groups.at(-1);
    if (last && last.lines[0]?.talk_id === line.talk_id) last.lines.push(line);
    else groups.push({ key: `${line.talk_id ?? 'no-talk'}-${line.at}`, at: line.at, lines: [line] });
  }
  return groups;
}

/** What the user said with one character and the blocks it led to, oldest first (newest last), the latest few until asked for all. */
export function TalkConversation({ name, lines }: { name: string; lines: readonly ConversationLine[] }) {
  const { t, i18n } = useTranslation('talks');
  const localized = useLocalized();
  const [all, setAll] = useState(false);
  const shown = all ? lines : lines.slice(-FIRST_SHOWN);
  return (
    <div className="talk__conversation">
      {!all && lines.length > FIRST_SHOWN && (
        <button type="button" className="btn btn--ghost btn--small" onClick={() => setAll(true)}>
          {t('talks.showAll', { count: lines.length })}
        </button>
      )}
      <ol className="talk-groups" aria-label={t('talks.conversationOf', { name })}>
        {groupByTalk(shown).map((group) => (
          <li key={group.key} className="talk-group">
            <p className="talk-group__when small muted">
              <time dateTime={group.at}>{t('talks.talkAt', { when: formatWhen(group.at, i18n.language) })}</time>
            </p>
            <ol className="talk-lines">
              {group.lines.map((line) => (
                <li key={`${line.at}-${line.block_id}`} className="talk-line">
                  <span className="talk-line__said">
                    {line.said ? t('talks.youSaid', { text: line.said }) : t('talks.youTapped')}
                  </span>
                  <span className="talk-line__block small muted">
                    {line.block_title === null
                      ? t('talks.blockGone')
                      : localized(line.block_title, line.block_title_i18n)}
                  </span>
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ol>
    </div>
  );
}
