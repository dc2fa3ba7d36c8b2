import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { selectUser } from '../../api/index.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { useEntitlementsQuery } from './billingApi.ts';
import { formatYen } from './format.ts';
import './buyButton.css';

/** 「購入する ¥1,200」 under a priced character the customer does not own yet, 「購入済み」 under a bought one; nothing for free ones. */
export function BuyButton({ characterId, price }: { characterId: string; price: number }) {
  const { t } = useTranslation();
  const user = useAppSelector(selectUser);
  const entitlements = useEntitlementsQuery(undefined, { skip: !user || price <= 0 });
  if (price <= 0) return null;
  if (entitlements.data?.character_ids.includes(characterId))
    return <span className="buy-button buy-button--owned">{t('billing.owned')}</span>;
  return (
    <Link
      className="btn btn--primary btn--small buy-button"
      to={`/payment/process/credit?product_id=${encodeURIComponent(`character:${characterId}`)}`}
    >
      {t('billing.buyFor', { amount: formatYen(price) })}
    </Link>
  );
}
