import { useTranslation } from 'react-i18next';
import { Notice, Page, Spinner } from '../../app/ui.tsx';
import { useCatalogMenuQuery } from './catalogApi.ts';
import { CategoryChips, CategoryShelf } from './CatalogShelf.tsx';
import { CharacterGrid } from './CharacterCard.tsx';
import './catalog.css';

/** Every published character by category and group, then the ones in no group (the demo character ミライ among them). */
export function CatalogMenuView({ title, lead }: { title: string; lead: string }) {
  const { t } = useTranslation('catalog');
  const { data, isLoading, isError, refetch } = useCatalogMenuQuery();
  const empty = data && data.categories.length === 0 && data.ungrouped.length === 0;
  return (
    <Page title={title} lead={lead} wide>
      {isLoading && <Spinner label={t('common.loading')} />}
      {isError && (
        <Notice kind="error">
          {t('catalog.loadFailed')}{' '}
          <button type="button" className="btn btn--ghost btn--small" onClick={() => void refetch()}>
            {t('catalog.retry')}
          </button>
        </Notice>
      )}
      {empty && <p className="catalog-empty muted">{t('catalog.empty')}</p>}
      {data && (
        <div className="catalog">
          <CategoryChips categories={data.categories} />
          {data.categories.map((c) => (
            <CategoryShelf key={c.id} category={c} />
          ))}
          {data.ungrouped.length > 0 && (
            <section className="catalog-category" aria-labelledby="catalog-ungrouped">
              <div className="catalog-category__head">
                <h2 className="catalog-category__title" id="catalog-ungrouped">
                  {data.categories.length > 0 ? t('catalog.ungrouped') : t('catalog.allCharacters')}
                </h2>
              </div>
              <CharacterGrid characters={data.ungrouped} />
            </section>
          )}
        </div>
      )}
    </Page>
  );
}
