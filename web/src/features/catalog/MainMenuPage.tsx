import { useTranslation } from 'react-i18next';
import { CatalogMenuView } from './CatalogMenuView.tsx';
import { useDictionaryPart } from '../../i18n/parts.ts';
import { catalogTexts } from './texts.ts';

/** /full/main_menu (and /{language}/full/main_menu): the landing of the full product. */
export default function MainMenuPage() {
  useDictionaryPart(catalogTexts);
  const { t } = useTranslation();
  return <CatalogMenuView title={t('catalog.menuTitle')} lead={t('catalog.menuLead')} />;
}
