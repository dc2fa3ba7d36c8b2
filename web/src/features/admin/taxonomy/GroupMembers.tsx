import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Group, TaxonomyCharacter } from '@talkwith/proto/catalog';
import { Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ADMIN_NS } from '../i18n.ts';
import { refusalOf, type Refusal } from './formSupport.ts';
import { RefusalNotice } from './RefusalNotice.tsx';
import {
  useAdminAssignCharacterMutation,
  useAdminGroupCharactersQuery,
  useAdminTaxonomyCharactersQuery,
  useAdminUnassignCharacterMutation,
} from './taxonomyApi.ts';

/** Where a character is listed now, for the picker ("ユイ（学園 / 二年A組）"). */
function optionLabel(c: TaxonomyCharacter, none: string): string {
  const place = c.group_name ? [c.category_name, c.group_name].filter(Boolean).join(' / ') : none;
  return `${c.name}（${place}）`;
}

/** The characters of one group: take one out, or list another one here (which moves it out of its current group). */
export function GroupMembers({ group }: { group: Group }) {
  const { t: ta } = useTranslation(ADMIN_NS);
  const { apiBase } = useAdminBase();
  const pickerId = useId();
  const members = useAdminGroupCharactersQuery({ base: apiBase, groupId: group.id });
  const all = useAdminTaxonomyCharactersQuery({ base: apiBase });
  const [assign, assigning] = useAdminAssignCharacterMutation();
  const [unassign] = useAdminUnassignCharacterMutation();
  const [picked, setPicked] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const run = async (work: () => Promise<unknown>) => {
    setRefusal(null);
    try {
      await work();
    } catch (error) {
      setRefusal(refusalOf(error, ta('taxonomy.failed')));
    }
  };
  const candidates = (all.data?.characters ?? []).filter((c) => c.group_id !== group.id);
  const add = () =>
    run(async () => {
      await assign({ base: apiBase, groupId: group.id, characterId: picked }).unwrap();
      setPicked('');
    });
  return (
    <div className="taxonomy-members">
      <RefusalNotice refusal={refusal} />
      {members.isLoading && <Spinner label={ta('taxonomy.loading')} />}
      {members.data && members.data.characters.length === 0 && (
        <p className="muted small">{ta('taxonomy.noMembers')}</p>
      )}
      <ul className="taxonomy-members__list">
        {members.data?.characters.map((c) => (
          <li key={c.id} className="taxonomy-member">
            <span>
              {c.name}{' '}
              <span className="muted small">
                {c.published_at ? ta('taxonomy.published') : ta('taxonomy.unpublished')}
              </span>
            </span>
            <button
              type="button"
              className="btn btn--ghost btn--small"
              aria-label={ta('taxonomy.unassignNamed', { name: c.name })}
              onClick={() => void run(() => unassign({ base: apiBase, groupId: group.id, characterId: c.id }).unwrap())}
            >
              {ta('taxonomy.unassign')}
            </button>
          </li>
        ))}
      </ul>
      <div className="taxonomy-members__add">
        <label className="visually-hidden" htmlFor={pickerId}>
          {ta('taxonomy.pickCharacter')}
        </label>
        <select id={pickerId} className="field__input" value={picked} onChange={(e) => setPicked(e.target.value)}>
          <option value="">{ta('taxonomy.pickCharacter')}</option>
          {candidates.map((c) => (
            <option key={c.id} value={c.id}>
              {optionLabel(c, ta('taxonomy.noGroup'))}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn--primary btn--small"
          disabled={!picked || assigning.isLoading}
          onClick={() => void add()}
        >
          {ta('taxonomy.assign')}
        </button>
      </div>
    </div>
  );
}
