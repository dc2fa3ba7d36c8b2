import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';

/** How to let iOS Safari hear you (SPEC.md §2): three settings, each with the steps to change it (`help.mic.{key}` in every interface language). */
const SECTIONS = [
  { id: 'privacy', key: 'privacy', steps: 4, note: false },
  { id: 'low-power', key: 'lowPower', steps: 3, note: true },
  { id: 'mic', key: 'mic', steps: 3, note: true },
] as const;

export default function MicManual() {
  const { t, i18n } = useTranslation('help');
  return (
    <article className="doc" lang={i18n.language}>
      <h1 className="doc__title">{t('help.mic.title')}</h1>
      <p>{t('help.mic.lead')}</p>
      {SECTIONS.map((section) => (
        <section key={section.id} id={section.id} className="manual-step">
          <h2>{t(`help.mic.${section.key}.title`)}</h2>
          <p>{t(`help.mic.${section.key}.lead`)}</p>
          <ol>
            {Array.from({ length: section.steps }, (_, index) => (
              <li key={index}>{t(`help.mic.${section.key}.steps.${index + 1}` as ParseKeys<'help'>)}</li>
            ))}
          </ol>
          {section.note && <p className="muted small">{t(`help.mic.${section.key}.note`)}</p>}
        </section>
      ))}
      <p className="muted small">{t('help.mic.versions')}</p>
    </article>
  );
}
