import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuCategory, MenuGroup } from '@talkwith/proto/catalog';
import { useLocalized } from '../../i18n/localized.ts';
import { CharacterGrid } from './CharacterCard.tsx';

/** A group heading and its characters. */
export function GroupShelf({ group, level = 3 }: { group: MenuGroup; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const localized = useLocalized();
  const name = localized(group.name, group.name_i18n);
  const description = localized(group.description, group.description_i18n);
  return (
    <section className="catalog-group" aria-label={name}>
      <Heading className="catalog-group__title">{name}</Heading>
      {description && <p className="catalog-group__lead muted small">{description}</p>}
      <CharacterGrid characters={group.characters} />
    </section>
  );
}

/** A category with its groups; its title leads to the category's theme page. */
export function CategoryShelf({ category }: { category: MenuCategory }) {
  const { t } = useTranslation('catalog');
  const localized = useLocalized();
  const description = localized(category.description, category.description_i18n);
  const themeUrl = `/theme/${encodeURIComponent(category.slug)}`;
  return (
    <section
      className="catalog-category"
      id={`category-${category.slug}`}
      aria-labelledby={`category-title-${category.id}`}
    >
      <div className="catalog-category__head">
        <h2 className="catalog-category__title" id={`category-title-${category.id}`}>
          {localized(category.name, category.name_i18n)}
        </h2>
        <Link className="catalog-category__more" to={themeUrl}>
          {t('catalog.seeAll')}
        </Link>
      </div>
      {description && <p className="catalog-category__lead muted">{description}</p>}
      {category.groups.map((g) => (
        <GroupShelf key={g.id} group={g} />
      ))}
    </section>
  );
}

/** Links to each category's theme page (a row that scrolls sideways on phones). */
export function CategoryChips({ categories }: { categories: MenuCategory[] }) {
  const { t } = useTranslation('catalog');
  const localized = useLocalized();
  if (categories.length === 0) return null;
  return (
    <nav className="catalog-chips" aria-label={t('catalog.categories')}>
      {categories.map((c) => (
        <Link key={c.id} className="catalog-chip" to={`/theme/${encodeURIComponent(c.slug)}`}>
          {localized(c.name, c.name_i18n)}
        </Link>
      ))}
    </nav>
  );
}
