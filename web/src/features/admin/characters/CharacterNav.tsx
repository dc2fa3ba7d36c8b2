import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { TrailName } from '../TrailName.tsx';
import { DraftBadge } from '../versions/DraftBadge.tsx';
import { useAdminCharacterQuery } from './charactersApi.ts';
import './characters.css';

/**
 * The trail back to the list and the tabs of one character's screens (the
 * blocks tab is the graph editor's), with 「未公開の変更あり」 on every one of
 * them while the draft differs from the live version.
 */
export function CharacterNav({ characterId, name }: { characterId: string; name?: string }) {
  const { t } = useTranslation(ADMIN_NS);
  const { basePath, apiBase } = useAdminBase();
  const { data, isLoading } = useAdminCharacterQuery({ base: apiBase, id: characterId }, { skip: !characterId });
  const root = `${basePath}/characters/${encodeURIComponent(characterId)}`;
  return (
    <>
      <p className="admin-crumbs">
        <Link to={`${basePath}/characters`}>{t('characters.title')}</Link> ›{' '}
        <TrailName id={characterId} name={name || data?.character.name} pending={isLoading} />{' '}
        <DraftBadge differs={data?.character.draft_differs} />
      </p>
      <nav className="sub-nav" aria-label={t('characters.sections')}>
        <NavLink to={root} end>
          {t('characters.tab.detail')}
        </NavLink>
        <NavLink to={`${root}/initialSetting`}>{t('characters.tab.setting')}</NavLink>
        <NavLink to={`${root}/videos`}>{t('characters.tab.videos')}</NavLink>
        <NavLink to={`${root}/blocks`}>{t('characters.tab.blocks')}</NavLink>
        <NavLink to={`${root}/insight`}>{t('insight.tab')}</NavLink>
        <NavLink to={`${root}/try`}>{t('simulator.tab')}</NavLink>
        <NavLink to={`${root}/tests`}>{t('tests.tab')}</NavLink>
        <NavLink to={`${root}/copy`}>{t('blockCopy.tab')}</NavLink>
        <NavLink to={`${root}/avatar`}>{t('characters.tab.avatar')}</NavLink>
      </nav>
    </>
  );
}

/** Where a validator fault points: the block in the graph editor, or the clip's details. */
export function faultLinkOf(
  basePath: string,
  characterId: string,
  fault: { blockId?: string; videoId?: string },
): string | null {
  const character = encodeURIComponent(characterId);
  if (fault.blockId) return `${basePath}/characters/${character}/blocks?block=${encodeURIComponent(fault.blockId)}`;
  if (fault.videoId)
    return `${basePath}/characters/details/${encodeURIComponent(fault.videoId)}?character_id=${character}`;
  return null;
}
