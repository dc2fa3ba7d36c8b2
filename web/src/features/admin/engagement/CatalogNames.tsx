import { useAdminBase } from '../AdminBase.tsx';
import { useAdminCharacterAllQuery, useAdminCharacterQuery } from '../characters/charactersApi.ts';

/**
 * Names where a person reads an id: the character's name and the block's
 * title, the id on hover. The character reads are cached per character, so a
 * page of 20 batches of one character asks once. Until (or unless) the name
 * is known, the id itself is shown.
 */
export function CharacterName({ id }: { id: string }) {
  const { apiBase } = useAdminBase();
  const { data } = useAdminCharacterQuery({ base: apiBase, id }, { skip: !id });
  const name = data?.character.name;
  return name ? <span title={id}>{name}</span> : <code>{id}</code>;
}

export function BlockTitle({ characterId, blockId }: { characterId: string; blockId: string }) {
  const { apiBase } = useAdminBase();
  const { data } = useAdminCharacterAllQuery({ base: apiBase, id: characterId }, { skip: !characterId });
  const title = data?.character.blocks.find((block) => block.id === blockId)?.title;
  return title ? <span title={blockId}>{title}</span> : <code>{blockId}</code>;
}

export { UserName } from '../billing/UserName.tsx';
