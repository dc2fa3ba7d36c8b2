import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SavedCardView } from '@talkwith/proto/billing';
import { errorMessageOf } from '../../api/index.ts';
import { Card, Notice, Page, Spinner } from '../../app/ui.tsx';
import { usePopup } from '../../app/shell.ts';
import { useAddCardMutation, useCardsQuery, useDeleteCardMutation, useSetDefaultCardMutation } from './billingApi.ts';
import { CardForm } from './CardForm.tsx';
import './billing.css';

type Message = { kind: 'success' | 'error'; text: string } | null;

/** /payment/editcard: the cards kept at the provider (masked), add one, choose the default, delete. */
export default function EditCardPage() {
  const { t } = useTranslation('billing');
  const cards = useCardsQuery();
  const [addCard, adding] = useAddCardMutation();
  const [message, setMessage] = useState<Message>(null);
  const list = cards.data?.cards ?? [];

  const add = async (token: string) => {
    const result = await addCard({ token, default: list.length === 0 });
    setMessage(
      result.error
        ? { kind: 'error', text: errorMessageOf(result.error, t('billing.cards.addFailed')) }
        : { kind: 'success', text: t('billing.cards.added') },
    );
  };

  return (
    <Page title={t('billing.cards.title')} lead={t('billing.cards.lead')}>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <Card>
        <h2 className="section-title">{t('billing.cards.saved')}</h2>
        {cards.isLoading && <Spinner label={t('billing.loading')} />}
        {cards.isError && <Notice kind="error">{t('billing.loadFailed')}</Notice>}
        {cards.data && list.length === 0 && <p className="muted">{t('billing.cards.none')}</p>}
        <ul className="saved-cards">
          {list.map((card) => (
            <SavedCard key={card.card_id} card={card} onMessage={setMessage} />
          ))}
        </ul>
      </Card>
      <Card>
        <h2 className="section-title">{t('billing.cards.add')}</h2>
        <CardForm submitLabel={t('billing.cards.addButton')} busy={adding.isLoading} onToken={add} />
      </Card>
      <Link className="btn btn--ghost" to="/mypage#plan_list">
        {t('billing.toPlanList')}
      </Link>
    </Page>
  );
}

function SavedCard({ card, onMessage }: { card: SavedCardView; onMessage: (message: Message) => void }) {
  const { t } = useTranslation('billing');
  const popup = usePopup();
  const [setDefault, settingDefault] = useSetDefaultCardMutation();
  const [deleteCard, deleting] = useDeleteCardMutation();

  const makeDefault = async () => {
    const result = await setDefault({ card_id: card.card_id });
    onMessage(
      result.error
        ? { kind: 'error', text: errorMessageOf(result.error, t('billing.cards.changeFailed')) }
        : { kind: 'success', text: t('billing.cards.defaultChanged') },
    );
  };
  const remove = () =>
    popup.show({
      message: t('billing.cards.confirmDelete', { card: card.masked }),
      ok: {
        title: t('billing.cards.delete'),
        onClick: async () => {
          const result = await deleteCard({ card_id: card.card_id });
          onMessage(
            result.error
              ? { kind: 'error', text: errorMessageOf(result.error, t('billing.cards.deleteFailed')) }
              : { kind: 'success', text: t('billing.cards.deleted') },
          );
        },
      },
      cancel: { title: t('billing.cancel') },
    });

  return (
    <li className="saved-card">
      <span className="saved-card__number mono">
        {card.brand} {card.masked}
      </span>
      <span className="muted small">{t('billing.card.expiresShort', { expiry: card.expiry })}</span>
      {card.default ? (
        <span className="badge">{t('billing.card.default')}</span>
      ) : (
        <button
          type="button"
          className="btn btn--ghost btn--small"
          disabled={settingDefault.isLoading}
          onClick={() => void makeDefault()}
        >
          {t('billing.cards.makeDefault')}
        </button>
      )}
      <button
        type="button"
        className="btn btn--ghost btn--small btn--danger-text"
        disabled={deleting.isLoading}
        onClick={remove}
      >
        {t('billing.cards.delete')}
      </button>
    </li>
  );
}
