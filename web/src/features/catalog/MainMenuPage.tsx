import { useTranslation } from 'react-i18next';
import { CatalogMenuView } from './CatalogMenuView.tsx';

/** /full/main_menu (and /{language}/full/main_menu): the landing of the full product. */
export default function MainMenuPage() {
  const { t } = useTranslation('catalog');
  return <CatalogMenuView title={t('catalog.menuTitle')} lead={t('catalog.menuLead')} />;
}
