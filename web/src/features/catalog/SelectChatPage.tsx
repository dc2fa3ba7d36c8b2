import { useTranslation } from 'react-i18next';
import { CatalogMenuView } from './CatalogMenuView.tsx';

/** /full/select_chat: choose the character to talk with. */
export default function SelectChatPage() {
  const { t } = useTranslation('catalog');
  return <CatalogMenuView title={t('catalog.selectTitle')} lead={t('catalog.selectLead')} />;
}
