import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuCharacter } from '@talkwith/proto/catalog';
import { formatPrice } from './price.ts';
import { BuyButton } from '../../app/billing.ts';
import { useLocalized } from '../../i18n/localized.ts';

const AVATAR_SIZE = 96;

/**
 * One character on a menu shelf. A character that is published but has no
 * conversation yet leads to /coming_soon instead of a player that cannot start.
 */
export function CharacterCard({ character }: { character: MenuCharacter }) {
  const { t } = useTranslation('catalog');
  const name = useLocalized()(character.name, character.name_i18n);
  const ready = character.playable;
  const to = ready
    ? `/full/chat/${encodeURIComponent(character.slug)}`
    : `/coming_soon?name=${encodeURIComponent(name)}`;
  const free = character.price <= 0;
  return (
    <Link className={`catalog-card${ready ? '' : ' catalog-card--soon'}`} to={to}>
      {character.avatar_url ? (
        <img
          className="catalog-card__avatar"
          src={character.avatar_url}
          alt=""
          width={AVATAR_SIZE}
          height={AVATAR_SIZE}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className="catalog-card__avatar catalog-card__avatar--initial" aria-hidden="true">
          {name.slice(0, 1)}
        </span>
      )}
      <span className="catalog-card__name">{name}</span>
      <span className={`catalog-card__price${free ? ' catalog-card__price--free' : ''}`}>
        <span className="visually-hidden">{t('catalog.price')}: </span>
        {formatPrice(character.price, t('catalog.free'))}
      </span>
      <span className="catalog-card__action" aria-hidden="true">
        {ready ? t('catalog.talk') : t('catalog.soonBadge')}
      </span>
    </Link>
  );
}

export function CharacterGrid({ characters }: { characters: MenuCharacter[] }) {
  return (
    <ul className="catalog-grid">
      {characters.map((c) => (
        <li key={c.id}>
          <CharacterCard character={c} />
          {c.playable && <BuyButton characterId={c.id} price={c.price} />}
        </li>
      ))}
    </ul>
  );
}
