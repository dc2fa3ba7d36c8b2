import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { selectUser } from '../../api/index.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { Card, Notice, Page, Spinner } from '../../app/ui.tsx';
import { formatWhen, talkEntries, type TalkEntry } from './talkList.ts';
import { TalkConversation } from './TalkConversation.tsx';
import { useTalkCharactersQuery, useTalkHistoryQuery } from './talksApi.ts';
import { useLocalized } from '../../i18n/localized.ts';
import './talks.css';

/** /chat (login required): the characters the caller has talked with, where they were, and the way back in. */
export default function TalksPage() {
  const { t } = useTranslation('talks');
  const user = useAppSelector(selectUser);
  const history = useTalkHistoryQuery(user?.id ?? '', { skip: !user });
  const characters = useTalkCharactersQuery();
  const loading = history.isLoading || characters.isLoading;
  const failed = history.isError || characters.isError;
  const entries =
    history.data && characters.data ? talkEntries(history.data.historyState, characters.data.characters) : null;

  return (
    <Page title={t('talks.title')} lead={t('talks.lead')} wide>
      {loading && <Spinner label={t('common.loading')} />}
      {failed && (
        <Notice kind="error">
          {t('talks.loadFailed')}{' '}
          <button
            type="button"
            className="btn btn--ghost btn--small"
            onClick={() => {
              void history.refetch();
              void characters.refetch();
            }}
          >
            {t('talks.retry')}
          </button>
        </Notice>
      )}
      {entries && entries.length === 0 && (
        <Card className="talks-empty">
          <p>{t('talks.empty')}</p>
          <Link className="btn btn--primary btn--block" to="/full/select_chat">
            {t('talks.choose')}
          </Link>
        </Card>
      )}
      {entries && entries.length > 0 && (
        <>
          <ul className="talk-list" aria-label={t('talks.listLabel')}>
            {entries.map((entry) => (
              <TalkRow key={entry.character.id} entry={entry} />
            ))}
          </ul>
          <p>
            <Link to="/full/select_chat">{t('talks.chooseOther')}</Link>
          </p>
        </>
      )}
    </Page>
  );
}

function TalkRow({ entry: { character, state } }: { entry: TalkEntry }) {
  const { t, i18n } = useTranslation('talks');
  const name = useLocalized()(character.name, character.name_i18n);
  const headingId = `talk-${character.id}`;
  return (
    <li className="talk" aria-labelledby={headingId}>
      {character.avatar_url ? (
        <img className="talk__avatar" src={character.avatar_url} alt="" width={64} height={64} loading="lazy" />
      ) : (
        <span className="talk__avatar talk__avatar--empty" aria-hidden="true">
          {name.slice(0, 1)}
        </span>
      )}
      <div className="talk__body">
        <h2 className="talk__name" id={headingId}>
          {name}
        </h2>
        {/* Places tracked before conversations were kept have only their last words. */}
        {!state.conversation?.length && state.utterance && (
          <p className="talk__said">{t('talks.lastSaid', { text: state.utterance })}</p>
        )}
        <p className="small muted">
          <time dateTime={state.updated_at}>
            {t('talks.when', { when: formatWhen(state.updated_at, i18n.language) })}
          </time>
          {' · '}
          {t('talks.steps', { count: state.steps })}
        </p>
      </div>
      {state.conversation && state.conversation.length > 0 && (
        <TalkConversation name={name} lines={state.conversation} />
      )}
      <div className="talk__actions">
        <Link
          className="btn btn--primary btn--small"
          to={`/full/chat/${encodeURIComponent(character.slug)}`}
          aria-label={t('talks.resumeWith', { name })}
        >
          {t('talks.resume')}
        </Link>
        <Link
          className="btn btn--ghost btn--small"
          to={`/full/album/${encodeURIComponent(character.slug)}`}
          aria-label={t('talks.albumOf', { name })}
        >
          {t('talks.album')}
        </Link>
      </div>
    </li>
  );
}
