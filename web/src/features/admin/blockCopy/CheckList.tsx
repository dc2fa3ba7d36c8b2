import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../i18n.ts';

export interface CheckItem {
  id: string;
  label: string;
}

/** A fieldset of checkboxes (blocks to copy, characters to copy to) with "all" and "none". */
export function CheckList({
  legend,
  items,
  chosen,
  onChange,
}: {
  legend: string;
  items: CheckItem[];
  chosen: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  return (
    <fieldset className="bc-checks">
      <legend className="field__label">
        {legend} <span className="muted small">{t('blockCopy.chosenCount', { count: chosen.size })}</span>
      </legend>
      <div className="bc-checks__actions">
        <button type="button" className="btn btn--small" onClick={() => onChange(new Set(items.map((i) => i.id)))}>
          {t('blockCopy.all')}
        </button>
        <button type="button" className="btn btn--small" onClick={() => onChange(new Set())}>
          {t('blockCopy.none')}
        </button>
      </div>
      <ul className="bc-checks__list">
        {items.map((item) => (
          <li key={item.id}>
            <label className="bc-checks__item" title={item.id}>
              <input
                type="checkbox"
                checked={chosen.has(item.id)}
                onChange={(e) => toggle(item.id, e.target.checked)}
              />
              <span>{item.label}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
