import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { CharacterForm } from './CharacterForm.tsx';
import { CharacterNav } from './CharacterNav.tsx';
import { useAdminCharacterQuery } from './charactersApi.ts';
import { ImportExportPanel } from './ImportExportPanel.tsx';
import { PublishPanel } from './PublishPanel.tsx';
import { serverErrorOf } from './serverError.ts';
import { VersionsPanel } from '../versions/VersionsPanel.tsx';

/** Loads one character for a page of its own (the id from the route) and hands it to the page's content. */
export function useRouteCharacter() {
  const { character_id: id = '' } = useParams();
  const { apiBase } = useAdminBase();
  return { id, ...useAdminCharacterQuery({ base: apiBase, id }, { skip: !id }) };
}

/** `characters/{id}`: the basics, publishing with the validator's faults and what it changes, the published versions, export and import. */
export function CharacterDetailPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { id, data, error, isLoading } = useRouteCharacter();
  const character = data?.character;
  const [imports, setImports] = useState(0);
  return (
    <>
      <CharacterNav characterId={id} name={character?.name} />
      {isLoading && <Spinner label={t('characters.loading')} />}
      {error && <Notice kind="error">{serverErrorOf(error, t('characters.failed'))?.message}</Notice>}
      {character && (
        <>
          <div className="admin-head">
            <h2 className="admin-head__title">{character.name}</h2>
          </div>
          {/* An applied import changes the stored fields: the form is refilled from the server then. */}
          <CharacterForm key={`${character.id}-${imports}`} character={character} />
          <PublishPanel character={character} />
          <VersionsPanel characterId={character.id} />
          <ImportExportPanel character={character} onApplied={() => setImports((n) => n + 1)} />
        </>
      )}
    </>
  );
}
