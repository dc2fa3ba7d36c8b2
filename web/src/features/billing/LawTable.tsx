import type { ReactNode } from 'react';

export interface LawRow {
  term: string;
  detail: ReactNode;
}

/** A legal notice as Japanese shops publish it: a two-column table of terms and details, in Japanese whatever the interface language. */
export function LawTable({
  title,
  updated,
  intro,
  rows,
  children,
}: {
  title: string;
  updated: string;
  intro?: string;
  rows: LawRow[];
  children?: ReactNode;
}) {
  return (
    <article className="law" lang="ja">
      <h1 className="law__title">{title}</h1>
      <p className="law__meta">{updated}</p>
      {intro && <p>{intro}</p>}
      <dl className="law__table">
        {rows.map((row) => (
          <div className="law__row" key={row.term}>
            <dt>{row.term}</dt>
            <dd>{row.detail}</dd>
          </div>
        ))}
      </dl>
      {children}
    </article>
  );
}
