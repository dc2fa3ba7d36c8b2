import { useId, useMemo, useState, type FormEvent } from 'react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ContactCategory, ContactChannel, ContactReceived } from '@talkwith/proto/engagement';
import { errorMessageOf, selectUser } from '../../api/index.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { Field, Notice } from '../../app/ui.tsx';
import {
  CONTACT_CATEGORIES,
  MESSAGE_MAX,
  NAME_MAX,
  contactBody,
  contactProblems,
  sendsDevice,
  type ContactDraft,
} from './contactForm.ts';
import { currentDeviceInfo } from './deviceInfo.ts';
import { DeviceFacts } from './DeviceFacts.tsx';
import { useSendContactMutation } from './pagesApi.ts';

interface Props {
  channel: ContactChannel;
  defaultCategory: ContactCategory | null;
  onSent: (receipt: ContactReceived, email: string) => void;
}

/** The contact form (POST /api/contacts): works logged out; the session's address is filled in when logged in. */
export function ContactForm({ channel, defaultCategory, onSent }: Props) {
  const { t } = useTranslation('engagement');
  const user = useAppSelector(selectUser);
  const [draft, setDraft] = useState<Omit<ContactDraft, 'email'>>({ category: defaultCategory, name: '', message: '' });
  // Untouched, the address follows the session (restored after the first paint); once typed, it is the customer's.
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const device = useMemo(currentDeviceInfo, []);
  const [send, { error, isLoading }] = useSendContactMutation();
  const email = typedEmail ?? user?.email ?? '';
  const full: ContactDraft = { ...draft, email };
  const problems = tried ? contactProblems(full) : {};
  const problemText = (field: keyof typeof problems) =>
    problems[field]
      ? t(`engagement.contact.errors.${field}.${problems[field]}` as ParseKeys<'engagement'>, {
          max: field === 'name' ? NAME_MAX : MESSAGE_MAX,
        })
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (full.category === null || Object.keys(contactProblems(full)).length > 0) return;
    const body = contactBody(channel, { ...full, category: full.category }, device);
    void send(body)
      .unwrap()
      .then(
        (receipt) => onSent(receipt, body.email),
        () => undefined,
      );
  };

  return (
    <form className="contact-form" onSubmit={submit} noValidate>
      <CategorySelect
        value={draft.category}
        error={problemText('category')}
        onChange={(category) => setDraft({ ...draft, category })}
      />
      <Field
        label={t('engagement.contact.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={254}
        required
        value={email}
        hint={t('engagement.contact.emailHint')}
        error={problemText('email')}
        onChange={(e) => setTypedEmail(e.target.value)}
      />
      <Field
        label={t('engagement.contact.name')}
        autoComplete="name"
        maxLength={NAME_MAX}
        value={draft.name}
        error={problemText('name')}
        onChange={(e) => setDraft({ ...draft, name: e.target.value })}
      />
      <MessageArea
        value={draft.message}
        error={problemText('message')}
        onChange={(message) => setDraft({ ...draft, message })}
      />
      {sendsDevice(draft.category) && <DeviceFacts device={device} />}
      {error && <Notice kind="error">{errorMessageOf(error, t('engagement.contact.failed'))}</Notice>}
      <button type="submit" className="btn btn--primary btn--block" disabled={isLoading}>
        {isLoading ? t('engagement.contact.sending') : t('engagement.contact.submit')}
      </button>
    </form>
  );
}

function CategorySelect({
  value,
  error,
  onChange,
}: {
  value: ContactCategory | null;
  error: string | null;
  onChange: (value: ContactCategory) => void;
}) {
  const { t } = useTranslation('engagement');
  const id = useId();
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id} className="field__label">
        {t('engagement.contact.category')}
      </label>
      <select
        id={id}
        className="field__input"
        required
        value={value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint` : undefined}
        onChange={(e) => onChange(Number(e.target.value) as ContactCategory)}
      >
        <option value="" disabled>
          {t('engagement.contact.categoryPlaceholder')}
        </option>
        {CONTACT_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {t(`engagement.contact.categories.${category}`)}
          </option>
        ))}
      </select>
      {error && (
        <div id={`${id}-hint`} className="field__hint">
          {error}
        </div>
      )}
    </div>
  );
}

function MessageArea({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('engagement');
  const id = useId();
  const over = value.length > MESSAGE_MAX;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id} className="field__label">
        {t('engagement.contact.message')}
      </label>
      <textarea
        id={id}
        className="field__input contact-form__message"
        rows={8}
        required
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-hint` : ''}`}
        onChange={(e) => onChange(e.target.value)}
      />
      <div className="contact-form__meta">
        {error ? (
          <div id={`${id}-hint`} className="field__hint">
            {error}
          </div>
        ) : (
          <span />
        )}
        <span id={`${id}-count`} className={`small${over ? ' contact-form__count--over' : ' muted'}`}>
          {t('engagement.contact.counter', { count: value.length, max: MESSAGE_MAX })}
        </span>
      </div>
    </div>
  );
}
