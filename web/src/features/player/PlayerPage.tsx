import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../app/ui.tsx';
import { useCharacterBySlugQuery } from './playerApi.ts';
import { PlayerBoot } from '../../app/shell.ts';
import { PlayerScreen } from './PlayerScreen.tsx';
import './player.css';

/** /full/chat/{character_slug}: loads the playable character, then the player. */
export default function PlayerPage() {
  const { t } = useTranslation();
  const { character_slug: slug = '' } = useParams();
  const { data, isLoading, isError } = useCharacterBySlugQuery(slug);
  if (isLoading) return <PlayerBoot slug={slug} label={t('player.loading')} />;
  if (isError || !data) {
    return (
      <section className="page">
        <Notice kind="error">{t('player.notFound')}</Notice>
        <Link className="btn btn--ghost" to="/full/select_chat">{t('player.chooseAnother')}</Link>
      </section>
    );
  }
  return <PlayerScreen playable={data.character} slug={slug} />;
}
