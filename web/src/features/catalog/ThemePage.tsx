import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuCategory, MenuGroup } from '@talkwith/proto/catalog';
import { errorMessageOf, statusOf } from '../../api/index.ts';
import { Notice, Page, Spinner } from '../../app/ui.tsx';
import { useCatalogThemeQuery } from './catalogApi.ts';
import { GroupShelf } from './CatalogShelf.tsx';
import { useLocalized } from '../../i18n/localized.ts';
import './catalog.css';

/** The group a further path segment names (its slug or id); undefined when it names none (the segment is then ignored). */
export function selectedGroup(category: MenuCategory, segment: string | undefined): MenuGroup | undefined {
  if (!segment) return undefined;
  return category.groups.find((g) => g.id === segment || (g.slug !== '' && g.slug === segment));
}

/** A group's path segment: its slug when it has one no sibling shares (二年A組 and 三年A組 both slug to "a"), else its id. */
export function groupSegment(category: MenuCategory, group: MenuGroup): string {
  const shared = category.groups.filter((g) => g.slug === group.slug).length > 1;
  return group.slug && !shared ? group.slug : group.id;
}

function GroupTabs({ category, selected }: { category: MenuCategory; selected: MenuGroup | undefined }) {
  const { t } = useTranslation('catalog');
  const localized = useLocalized();
  if (category.groups.length < 2) return null;
  const base = `/theme/${encodeURIComponent(category.slug)}`;
  const tab = (to: string, label: string, active: boolean, key: string) => (
    <Link
      key={key}
      className={`catalog-chip${active ? ' catalog-chip--active' : ''}`}
      to={to}
      aria-current={active ? 'page' : undefined}
    >
      {label}
    </Link>
  );
  return (
    <nav className="catalog-chips" aria-label={t('catalog.theme.groups')}>
      {tab(base, t('catalog.theme.allGroups'), !selected, '')}
      {category.groups.map((g) =>
        tab(
          `${base}/${encodeURIComponent(groupSegment(category, g))}`,
          localized(g.name, g.name_i18n),
          selected?.id === g.id,
          g.id,
        ),
      )}
    </nav>
  );
}

/**
 * /theme/{category}/{a?}/{b?} (SPEC.md §2): one category's groups and characters.
 * The first further segment selects a group by its slug or id; anything else
 * (an unknown group, the second segment) is ignored and the whole theme shown.
 */
export default function ThemePage() {
  const { t } = useTranslation('catalog');
  const localized = useLocalized();
  const { category: slug = '', a } = useParams();
  const { data, error, isLoading } = useCatalogThemeQuery(slug);
  const category = data?.category;
  const selected = category ? selectedGroup(category, a) : undefined;
  const shown = selected ? [selected] : (category?.groups ?? []);
  return (
    <Page
      title={category ? localized(category.name, category.name_i18n) : t('catalog.theme.title')}
      lead={(category && localized(category.description, category.description_i18n)) || undefined}
      wide
    >
      {isLoading && <Spinner label={t('common.loading')} />}
      {error && (
        <Notice kind="error">
          {statusOf(error) === 404 ? errorMessageOf(error, t('catalog.theme.notFound')) : t('catalog.loadFailed')}
        </Notice>
      )}
      {category && (
        <div className="catalog">
          <GroupTabs category={category} selected={selected} />
          {shown.length === 0 && <p className="catalog-empty muted">{t('catalog.theme.empty')}</p>}
          {shown.map((g) => (
            <GroupShelf key={g.id} group={g} level={2} />
          ))}
        </div>
      )}
      <p className="catalog-back">
        <Link className="btn btn--ghost" to="/full/main_menu">
          {t('catalog.backToMenu')}
        </Link>
      </p>
    </Page>
  );
}
