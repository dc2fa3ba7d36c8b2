import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../i18n.ts';

/** 「未公開の変更あり」 when the draft differs from the live version (the server's `draft_differs`). */
export function DraftBadge({ differs }: { differs: boolean | undefined }) {
  const { t } = useTranslation(ADMIN_NS);
  if (!differs) return null;
  return (
    <span className="badge badge--warn" title={t('versions.badgeHint')}>
      {t('versions.badge')}
    </span>
  );
}
