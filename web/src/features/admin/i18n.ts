import { useTranslation } from 'react-i18next';
import type { KeyPrefix, ParseKeys, TFunction } from 'i18next';

/**
 * The admin console's own i18next namespace (features/admin/messages.ts), loaded
 * by the i18n backend when the console first renders, in the console's chunk.
 */
export const ADMIN_NS = 'admin';

/** Every key of the console's namespace (the ja-JP texts of every area, merged: app/namespaces.ts). */
export type AdminKey = ParseKeys<typeof ADMIN_NS>;

/** The console's `t`, for the helpers that put a value into words outside a component. */
export type AdminT = TFunction<typeof ADMIN_NS>;

/** A key prefix of the console's namespace: an area (`users`) or a part of one (`engagement.campaigns`). */
export type AdminArea = Exclude<KeyPrefix<typeof ADMIN_NS>, undefined>;

/** The console's texts of one area, typed by i18next's key prefix: `t('title')` reads `users.title`. */
export function useAdminTexts<const Area extends AdminArea>(area: Area) {
  return useTranslation(ADMIN_NS, { keyPrefix: area });
}
