import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Notice, Page, Spinner } from '../../../app/ui.tsx';
import { useCharactersQuery } from '../playerApi.ts';
import '../player.css';

/** /full/select_chat: the published characters one can talk to. */
export default function SelectChatPage() {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useCharactersQuery();
  const playable = (data?.characters ?? []).filter((c) => c.playable && c.slug);
  return (
    <Page title={t('fullMenu.selectTitle')} wide>
      {isLoading && <Spinner label={t('common.loading')} />}
      {isError && <Notice kind="error">{t('common.failed')}</Notice>}
      {data && playable.length === 0 && <p className="muted">{t('fullMenu.empty')}</p>}
      <ul className="character-list">
        {playable.map((c) => (
          <li key={c.id}>
            <Link className="character-card" to={`/full/chat/${c.slug ?? ''}`}>
              {c.avatar_url ? <img className="character-card__avatar" src={c.avatar_url} alt="" width={96} height={96} /> : <span className="character-card__avatar" />}
              <span className="character-card__name">{c.name}</span>
              <span className="character-card__description muted small">{c.description}</span>
              <span className="btn btn--primary character-card__talk">{t('fullMenu.talk')}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
