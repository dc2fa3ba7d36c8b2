import type { ReactNode } from 'react';

/** A published document: numbered sections of paragraphs and lists, in the language it was written in. */
export interface DocSection {
  heading: string;
  body: Array<string | string[]>;
}

export function Doc({
  title,
  meta,
  intro,
  sections,
  footer,
}: {
  title: string;
  meta: string[];
  intro?: string;
  sections: DocSection[];
  footer?: ReactNode;
}) {
  return (
    <article className="doc" lang="ja">
      <h1 className="doc__title">{title}</h1>
      <p className="doc__meta">
        {meta.map((line) => (
          <span key={line}>{line}</span>
        ))}
      </p>
      {intro && <p>{intro}</p>}
      {sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.body.map((part, index) =>
            Array.isArray(part) ? (
              <ol key={index}>
                {part.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ol>
            ) : (
              <p key={index}>{part}</p>
            ),
          )}
        </section>
      ))}
      {footer}
    </article>
  );
}
