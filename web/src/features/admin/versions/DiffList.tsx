import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { CharacterDiff, FieldChange, ItemChanges } from '@talkwith/proto/catalog';
import { ADMIN_NS, type AdminKey } from '../i18n.ts';
import { fieldLabel, valueText, type DiffArea, type DiffNames } from './fieldLabels.ts';
import './versions.css';

/** A diff in words: blocks and clips added, removed, changed (each changed field with before → after), settings and lists. */
export function DiffList({ diff }: { diff: CharacterDiff }) {
  return (
    <NamesContext.Provider value={diff.names}>
      <div className="vd-list">
        <Items
          diff={diff.blocks}
          area="block"
          titles={{
            added: 'versions.blocksAdded',
            removed: 'versions.blocksRemoved',
            changed: 'versions.blocksChanged',
          }}
        />
        <Items
          diff={diff.videos}
          area="video"
          titles={{
            added: 'versions.videosAdded',
            removed: 'versions.videosRemoved',
            changed: 'versions.videosChanged',
          }}
        />
        <Fields title="versions.settings" area="setting" changes={diff.settings} />
        <Fields title="versions.lists" area="list" changes={diff.lists} />
      </div>
    </NamesContext.Provider>
  );
}

/** Block and clip titles by id, for values that name them. */
const NamesContext = createContext<DiffNames>({ blocks: {}, videos: {} });

type Titles = Record<keyof ItemChanges, AdminKey>;

function Items({ diff, area, titles }: { diff: ItemChanges; area: DiffArea; titles: Titles }) {
  const { t } = useTranslation(ADMIN_NS);
  const named = (item: { id: string; title: string }) => item.title || t('versions.untitled');
  return (
    <>
      {(['added', 'removed'] as const).map(
        (kind) =>
          diff[kind].length > 0 && (
            <section key={kind} className="vd-group">
              <h4 className="vd-group__title">{t(titles[kind])}</h4>
              <ul className="vd-items">
                {diff[kind].map((item) => (
                  <li key={item.id} title={item.id}>
                    {named(item)}
                  </li>
                ))}
              </ul>
            </section>
          ),
      )}
      {diff.changed.length > 0 && (
        <section className="vd-group">
          <h4 className="vd-group__title">{t(titles.changed)}</h4>
          <ul className="vd-items">
            {diff.changed.map((item) => (
              <li key={item.id} title={item.id}>
                <strong>{named(item)}</strong>
                <FieldLines area={area} changes={item.fields} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function Fields({ title, area, changes }: { title: AdminKey; area: DiffArea; changes: FieldChange[] }) {
  const { t } = useTranslation(ADMIN_NS);
  if (changes.length === 0) return null;
  return (
    <section className="vd-group">
      <h4 className="vd-group__title">{t(title)}</h4>
      <FieldLines area={area} changes={changes} />
    </section>
  );
}

function FieldLines({ area, changes }: { area: DiffArea; changes: FieldChange[] }) {
  const { t } = useTranslation(ADMIN_NS);
  const names = useContext(NamesContext);
  return (
    <dl className="vd-fields">
      {changes.map((change) => (
        <div key={change.field} className="vd-field">
          <dt>{fieldLabel(t, area, change.field)}</dt>
          <dd>
            {change.secret
              ? t('versions.secretChanged')
              : t('versions.beforeAfter', {
                  before: valueText(t, change.before, change.field, names),
                  after: valueText(t, change.after, change.field, names),
                  interpolation: { escapeValue: false },
                })}
          </dd>
        </div>
      ))}
    </dl>
  );
}
