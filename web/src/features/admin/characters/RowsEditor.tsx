import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../i18n.ts';
import type { Choice } from './fields.tsx';
import { IdListPicker } from './IdListPicker.tsx';
import { TranslationsField } from '../translations/TranslationsField.tsx';
import type { Translations } from '@talkwith/proto/identity';

/** One column of a list of records: a text, one id chosen from a list, several ids, or the other languages of the text column `source`. */
export interface Column {
  key: string;
  label: string;
  kind: 'text' | 'choice' | 'choices' | 'translations';
  choices?: Choice[];
  source?: string;
}

type Row = Record<string, unknown>;

function Cell({
  column,
  row,
  rowLabel,
  onChange,
}: {
  column: Column;
  row: Row;
  rowLabel: string;
  onChange: (value: unknown) => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const label = `${rowLabel} ${column.label}`;
  if (column.kind === 'translations') {
    return (
      <TranslationsField
        label={rowLabel}
        japanese={String(row[column.source ?? 'title'] ?? '')}
        value={row[column.key] as Translations | undefined}
        onChange={onChange}
        maxLength={200}
      />
    );
  }
  if (column.kind === 'choices')
    return (
      <IdListPicker
        hideLabel
        label={label}
        value={(row[column.key] as string[] | undefined) ?? []}
        choices={column.choices ?? []}
        onChange={onChange}
      />
    );
  if (column.kind === 'choice') {
    return (
      <select
        className="field__input"
        aria-label={label}
        value={(row[column.key] as string | undefined) ?? ''}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{t('characters.lists.choose')}</option>
        {(column.choices ?? []).map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      className="field__input"
      aria-label={label}
      value={String(row[column.key] ?? '')}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** A table editor for one character-level list (start buttons, slots, kikiwasure, conversations); a translations column gets a full-width line under its row. */
export function RowsEditor({
  title,
  rows,
  columns,
  newRow,
  onChange,
}: {
  title: string;
  rows: Row[];
  columns: Column[];
  newRow: () => Row;
  onChange: (rows: Row[]) => void;
}) {
  const { t } = useTranslation(ADMIN_NS);
  const setCell = (index: number, key: string, value: unknown) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
  const inline = columns.filter((c) => c.kind !== 'translations');
  const below = columns.filter((c) => c.kind === 'translations');
  const cellOf = (column: Column, row: Row, index: number) => (
    <Cell
      column={column}
      row={row}
      rowLabel={t('characters.lists.row', { title, n: index + 1 })}
      onChange={(value) => setCell(index, column.key, value)}
    />
  );
  return (
    <section className="list-section">
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="muted small">{t('characters.lists.empty')}</p>
      ) : (
        <table className="admin-table rows-table">
          <thead>
            <tr>
              {inline.map((c) => (
                <th key={c.key}>{c.label}</th>
              ))}
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <Fragment key={index}>
                <tr>
                  {inline.map((column) => (
                    <td key={column.key} data-label={column.label} className={`rows-table__${column.kind}`}>
                      {cellOf(column, row, index)}
                    </td>
                  ))}
                  <td>
                    <button
                      type="button"
                      className="btn btn--ghost btn--small"
                      onClick={() => onChange(rows.filter((_, i) => i !== index))}
                    >
                      {t('characters.lists.remove')}
                    </button>
                  </td>
                </tr>
                {below.map((column) => (
                  <tr key={column.key} className="rows-table__below">
                    <td colSpan={inline.length + 1}>{cellOf(column, row, index)}</td>
                  </tr>
                ))}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
      <button
        type="button"
        className="btn btn--ghost btn--small stack-top"
        onClick={() => onChange([...rows, newRow()])}
      >
        {t('characters.lists.add', { title })}
      </button>
    </section>
  );
}
