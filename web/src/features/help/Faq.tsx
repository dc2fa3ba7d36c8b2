import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The questions, in the order asked; each has `help.faq.items.{id}.q` and `.a` in every interface language. */
export const FAQ_IDS = [
  'service',
  'environment',
  'voice',
  'mail',
  'password',
  'passwordChars',
  'ticketExpiry',
  'serial',
  'leave',
] as const;

/** Frequently asked questions, then the way to the inquiry forms ("FAQ and inquiries" of SPEC.md §2). */
export default function Faq() {
  const { t, i18n } = useTranslation('help');
  return (
    <article className="doc" lang={i18n.language}>
      <h1 className="doc__title">{t('help.faq.title')}</h1>
      <div className="faq">
        {FAQ_IDS.map((id) => (
          <details key={id} className="faq__item">
            <summary>{t(`help.faq.items.${id}.q`)}</summary>
            <p>{t(`help.faq.items.${id}.a`)}</p>
          </details>
        ))}
      </div>
      <section>
        <h2>{t('help.faq.contactTitle')}</h2>
        <p>{t('help.faq.contactLead')}</p>
        <p className="doc__links">
          <Link className="btn btn--primary" to="/contact">
            {t('help.faq.contactForm')}
          </Link>
          <Link className="btn btn--ghost" to="/contact_dev">
            {t('help.faq.contactDev')}
          </Link>
          <Link className="btn btn--ghost" to="/mic_manual">
            {t('help.faq.micManual')}
          </Link>
        </p>
      </section>
    </article>
  );
}
