import { useAdminTexts } from './i18n.ts';

/**
 * The console's one time zone, said on screen: every time is formatted in
 * Asia/Tokyo (billing/format.ts) whatever the operator's browser zone is.
 */
export function JstNote() {
  const { t } = useAdminTexts('console');
  return <p className="muted small">{t('jst')}</p>;
}
