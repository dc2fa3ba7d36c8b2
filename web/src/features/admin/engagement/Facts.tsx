import type { ReactNode } from 'react';

/** A record's fields as a definition list (the billing detail pages' layout, billing-facts in billing.css). */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="billing-facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A small pill whose tone comes from characters.css / billing.css (on, off, warn, alert, bad). */
export function Badge({ tone, children }: { tone: 'on' | 'off' | 'warn' | 'alert' | 'bad'; children: ReactNode }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}
