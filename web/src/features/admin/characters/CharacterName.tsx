import { useAdminBase } from '../AdminBase.tsx';
import { ShortId } from '../billing/ShortId.tsx';
import { useAdminCharacterQuery } from './charactersApi.ts';

/**
 * A character id where a person reads it: the character's name, the id on
 * hover. One cached request per character (RTK Query shares it between rows);
 * an id the catalog does not know (deleted) stays a short id.
 */
export function CharacterName({ id }: { id: string }) {
  const { apiBase } = useAdminBase();
  const { data } = useAdminCharacterQuery({ base: apiBase, id });
  return data ? <span title={id}>{data.character.name}</span> : <ShortId id={id} />;
}
