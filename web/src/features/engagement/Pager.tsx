import { useTranslation } from 'react-i18next';

/** Previous / next through a paged engagement list (API.md: replies carry `page` and `pages`). */
export function Pager({
  page,
  pages,
  label,
  onPage,
}: {
  page: number;
  pages: number;
  label: string;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('engagement');
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="btn btn--ghost btn--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('engagement.previous')}
      </button>
      <span className="small">{t('engagement.pageOf', { page, pages })}</span>
      <button
        type="button"
        className="btn btn--ghost btn--small"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('engagement.next')}
      </button>
    </nav>
  );
}
