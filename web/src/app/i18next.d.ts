import 'i18next';
import type { Namespaces } from './namespaces.ts';

/**
 * Typed keys: `t('nav.login')` must be a key of the component's namespace
 * (useTranslation('auth')) or of `common`, the fallback every namespace has.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    fallbackNS: 'common';
    resources: Namespaces;
    returnNull: false;
  }
}
