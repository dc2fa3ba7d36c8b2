import { useTranslation } from 'react-i18next';
import { Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { useRouteCharacter } from './CharacterDetailPage.tsx';
import { CharacterNav } from './CharacterNav.tsx';
import { useAdminCharacterAllQuery } from './charactersApi.ts';
import { DraftListsEditor } from './DraftListsEditor.tsx';
import { serverErrorOf } from './serverError.ts';
import { SettingForm } from './SettingForm.tsx';

/** `characters/{id}/initialSetting`: the character setting and the character-level lists, with pickers over the draft's clips and blocks. */
export function InitialSettingPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const { id, data, error, isLoading } = useRouteCharacter();
  const all = useAdminCharacterAllQuery({ base: apiBase, id }, { skip: !id });
  const character = data?.character;
  const ready = character && (all.data || all.error);
  return (
    <>
      <CharacterNav characterId={id} name={character?.name} />
      {(isLoading || all.isLoading) && <Spinner label={t('characters.loading')} />}
      {error && <Notice kind="error">{serverErrorOf(error, t('characters.failed'))?.message}</Notice>}
      {all.error && <Notice kind="error">{t('characters.setting.noPickers')}</Notice>}
      {ready && (
        <>
          <SettingForm key={`setting-${character.id}`} character={character} draft={all.data?.character} />
          <DraftListsEditor key={`lists-${character.id}`} character={character} draft={all.data?.character} />
        </>
      )}
    </>
  );
}
