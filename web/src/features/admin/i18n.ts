import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TOptions } from 'i18next';

/**
 * The admin console's own i18next namespace (features/admin/messages.ts), loaded
 * by the i18n backend when the console first renders, in the console's chunk.
 */
export const ADMIN_NS = 'admin';

/**
 * The console's texts of one area (`t('title')` reads `users.title`). The admin
 * namespace's keys are not typed yet (app/namespaces.ts), and i18next's typed
 * keyPrefix needs them, so the prefix is joined here.
 */
export function useAdminTexts(area: string) {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const inArea = useCallback(
    (key: string, options?: TOptions): string => String(t(`${area}.${key}`, options ?? {})),
    [t, area],
  );
  return { t: inArea, i18n };
}
