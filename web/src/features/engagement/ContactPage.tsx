import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ContactChannel, ContactReceived } from '@talkwith/proto/engagement';
import { Card, Notice, Page } from '../../app/ui.tsx';
import { ContactForm } from './ContactForm.tsx';
import './engagement.css';

/** /contact (support) and /contact_dev (technical, bug reports first): public. */
function ContactScreen({ channel }: { channel: ContactChannel }) {
  const { t } = useTranslation('engagement');
  const [receipt, setReceipt] = useState<{ number: string; mailed: boolean; email: string } | null>(null);
  const [round, setRound] = useState(0);
  const dev = channel === 'contact_dev';
  const sent = (reply: ContactReceived, email: string) =>
    setReceipt({ number: reply.receipt_number, mailed: reply.receipt_mailed, email });

  return (
    <Page
      title={t(dev ? 'engagement.contact.titleDev' : 'engagement.contact.title')}
      lead={t(dev ? 'engagement.contact.leadDev' : 'engagement.contact.lead')}
    >
      {receipt ? (
        <Card className="contact-receipt">
          <Notice kind="success">{t('engagement.contact.sentTitle')}</Notice>
          {/* The number is the sender's receipt: a logged-out sender gets no mail (the form must not mail an address it cannot prove). */}
          <p className="contact-receipt__number">
            <span className="small muted">{t('engagement.contact.receiptNumber')}</span>
            <strong>{receipt.number}</strong>
          </p>
          <p>
            {receipt.mailed
              ? t('engagement.contact.sentBodyMailed')
              : t('engagement.contact.sentBody', { email: receipt.email })}
          </p>
          {!receipt.mailed && <p className="small muted">{t('engagement.contact.receiptKeep')}</p>}
          <div className="engagement-actions">
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => {
                setReceipt(null);
                setRound(round + 1);
              }}
            >
              {t('engagement.contact.another')}
            </button>
            <Link className="btn btn--ghost" to="/">
              {t('engagement.contact.toTop')}
            </Link>
          </div>
        </Card>
      ) : (
        <Card>
          <p className="small">
            <Link to="/faq">{t('engagement.contact.faqFirst')}</Link>
          </p>
          <ContactForm key={round} channel={channel} defaultCategory={dev ? 2 : null} onSent={sent} />
        </Card>
      )}
    </Page>
  );
}

export function ContactPage() {
  return <ContactScreen channel="contact" />;
}

export function ContactDevPage() {
  return <ContactScreen channel="contact_dev" />;
}
