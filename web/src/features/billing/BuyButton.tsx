import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { selectUser } from '../../api/index.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { useEntitlementsQuery } from './billingApi.ts';
import { formatYen } from './format.ts';

/** 「購入する ¥1,200」 under a priced character the customer does not own yet; nothing for free or bought ones. */
export function BuyButton({ characterId, price }: { characterId: string; price: number }) {
  const { t } = useTranslation();
  const user = useAppSelector(selectUser);
  const entitlements = useEntitlementsQuery(undefined, { skip: !user || price <= 0 });
  if (price <= 0 || entitlements.data?.character_ids.includes(characterId)) return null;
  return (
    <Link className="btn btn--primary btn--small buy-button" to={`/payment/process/credit?product_id=${encodeURIComponent(`character:${characterId}`)}`}>
      {t('billing.buyFor', { amount: formatYen(price) })}
    </Link>
  );
}
