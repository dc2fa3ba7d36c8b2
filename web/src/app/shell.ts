/**
 * Shell features other features may use. Features never import each other;
 * they go through app/ (this file) or api/.
 */
export { usePopup, type PopupOptions, type PopupButton } from '../features/popup/usePopup.ts';
export { PopupFrame } from '../features/popup/PopupFrame.tsx';
export { LanguageSwitcher } from '../features/language/LanguageSwitcher.tsx';
export { languageChanged } from '../features/language/languageSlice.ts';
export { PlayerBoot, posterUrl } from './PlayerBoot.tsx';
