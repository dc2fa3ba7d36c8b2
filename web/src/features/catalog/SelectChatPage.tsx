import { useTranslation } from 'react-i18next';
import { CatalogMenuView } from './CatalogMenuView.tsx';
import { useDictionaryPart } from '../../i18n/parts.ts';
import { catalogTexts } from './texts.ts';

/** /full/select_chat: choose the character to talk with. */
export default function SelectChatPage() {
  useDictionaryPart(catalogTexts);
  const { t } = useTranslation();
  return <CatalogMenuView title={t('catalog.selectTitle')} lead={t('catalog.selectLead')} />;
}
