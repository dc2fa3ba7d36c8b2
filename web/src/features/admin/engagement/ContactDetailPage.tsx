import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEVICE_CATEGORIES, type Contact } from '@talkwith/proto/engagement';
import { Card, Notice, Spinner } from '../../../app/ui.tsx';
import { useAdminBase } from '../AdminBase.tsx';
import { ConfirmDialog, refusalOf } from '../billing/ConfirmDialog.tsx';
import { ADMIN_NS, useAdminTexts } from '../i18n.ts';
import { TrailName } from '../TrailName.tsx';
import { STATUS_TONE } from './contactLabels.ts';
import { DeviceTable, ReplyForm, StatusForm, Thread } from './ContactParts.tsx';
import { useAdminContactQuery, useAdminDeleteContactMutation } from './contactsAdminApi.ts';
import { Badge, Facts } from './Facts.tsx';
import { japanTime } from './time.ts';
import '../characters/characters.css';
import '../billing/billing.css';
import './engagement.css';

function ContactFacts({ contact }: { contact: Contact }) {
  const { basePath } = useAdminBase();
  const { i18n, t: c } = useAdminTexts('engagement.contacts');
  return (
    <Facts
      rows={[
        [c('column.status'), <Badge tone={STATUS_TONE[contact.status]}>{c(`status.${contact.status}`)}</Badge>],
        [c('column.category'), c(`category.${contact.category}`)],
        [c('column.channel'), c(`channel.${contact.channel}`)],
        [c('column.email'), <a href={`mailto:${contact.email}`}>{contact.email}</a>],
        [c('detail.name'), contact.name || '—'],
        [
          c('detail.user'),
          contact.user_id ? (
            <Link to={`${basePath}/full/users/${encodeURIComponent(contact.user_id)}`}>
              <code>{contact.user_id}</code>
            </Link>
          ) : (
            c('detail.loggedOut')
          ),
        ],
        ...(contact.character_id
          ? [[c('detail.character'), <code>{contact.character_id}</code>] as [string, ReactNode]]
          : []),
        [c('column.at'), japanTime(contact.created_at, i18n.language)],
        [c('detail.updatedAt'), japanTime(contact.updated_at, i18n.language)],
      ]}
    />
  );
}

function ContactBody({ contact }: { contact: Contact }) {
  const { t } = useTranslation(ADMIN_NS);
  const { t: d } = useAdminTexts('engagement.contacts.detail');
  const withDevice = DEVICE_CATEGORIES.includes(contact.category);
  return (
    <>
      <Card>
        <ContactFacts contact={contact} />
        <h3 className="billing-subtitle">{d('statusTitle')}</h3>
        <StatusForm key={contact.status} contact={contact} />
      </Card>
      <Card className="engagement-section">
        <h3 className="engagement-section__title">{d('message')}</h3>
        <p className="engagement-text">{contact.message}</p>
      </Card>
      {withDevice && (
        <Card className="engagement-section">
          <h3 className="engagement-section__title">{d('device')}</h3>
          {contact.device ? <DeviceTable device={contact.device} /> : <p className="muted small">{d('noDevice')}</p>}
        </Card>
      )}
      <Card className="engagement-section">
        <h3 className="engagement-section__title">{d('thread')}</h3>
        <Thread contact={contact} />
      </Card>
      <Card className="engagement-section">
        <h3 className="engagement-section__title">{t('engagement.contacts.reply.title')}</h3>
        <ReplyForm contact={contact} />
      </Card>
    </>
  );
}

/** `contacts/:id`: one contact — its message, device, thread; status change, reply by mail, delete. */
export function ContactDetailPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase, basePath } = useAdminBase();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { data, isLoading, error } = useAdminContactQuery({ base: apiBase, id });
  const [remove] = useAdminDeleteContactMutation();
  const [deleting, setDeleting] = useState(false);
  const contact = data?.contact;
  const { t: d } = useAdminTexts('engagement.contacts.detail');
  return (
    <>
      <nav className="billing-trail" aria-label={d('trail')}>
        <Link to={`${basePath}/contacts`}>{t('engagement.contacts.title')}</Link> ›{' '}
        <TrailName id={id} name={contact ? contact.name || contact.email : null} pending={isLoading} />
      </nav>
      <div className="admin-head">
        <h2 className="admin-head__title">
          {contact ? t(`engagement.contacts.category.${contact.category}`) : d('title')}
        </h2>
        {contact && (
          <div className="admin-head__actions">
            <button type="button" className="btn btn--danger" onClick={() => setDeleting(true)}>
              {t('engagement.delete')}
            </button>
          </div>
        )}
      </div>
      {isLoading && <Spinner label={t('engagement.loading')} />}
      {error && <Notice kind="error">{refusalOf(error, t('engagement.failed'))}</Notice>}
      {contact && <ContactBody contact={contact} />}
      {contact && deleting && (
        <ConfirmDialog
          title={d('deleteTitle')}
          confirmLabel={t('engagement.delete')}
          danger
          check={() => null}
          onClose={() => setDeleting(false)}
          onConfirm={async () => {
            await remove({ base: apiBase, id: contact.id }).unwrap();
            void navigate(`${basePath}/contacts`, { replace: true });
          }}
        >
          <p>{t('engagement.contacts.detail.deleteMessage', { email: contact.email })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
