import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_LANGUAGE, type Language } from '../../i18n/languages.ts';

export const languageSlice = createSlice({
  name: 'language',
  initialState: { current: DEFAULT_LANGUAGE as Language },
  reducers: {
    changed(state, action: PayloadAction<Language>) {
      state.current = action.payload;
    },
  },
  selectors: { selectLanguage: (state) => state.current },
});

export const { changed: languageChanged } = languageSlice.actions;
export const { selectLanguage } = languageSlice.selectors;
