import { LanguagePrefix } from './LanguagePrefix.tsx';
import MainMenuPage from './MainMenuPage.tsx';

/** /{language}/full/main_menu: the main menu in the language the path names. */
export default function LocalizedMainMenuPage() {
  return <LanguagePrefix><MainMenuPage /></LanguagePrefix>;
}
