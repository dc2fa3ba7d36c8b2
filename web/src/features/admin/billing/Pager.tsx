import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../i18n.ts';

/** 20 a page (services/billing/API.md): previous / next with "page of pages (total)". */
export const PAGE_SIZE = 20;

export function Pager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation(ADMIN_NS);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (pages <= 1) return null;
  return (
    <div className="pager">
      <button type="button" className="btn btn--ghost btn--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('billing.prev')}
      </button>
      <span>{t('billing.pageOf', { page, pages, total })}</span>
      <button
        type="button"
        className="btn btn--ghost btn--small"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('billing.next')}
      </button>
    </div>
  );
}
