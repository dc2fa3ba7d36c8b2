import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../api/api.ts';
import { sessionSlice } from '../api/session.ts';
import { popupSlice } from '../features/popup/popupSlice.ts';
import { menuSlice } from '../features/nav/menuSlice.ts';
import { languageSlice } from '../features/language/languageSlice.ts';
import { authSlice } from '../features/auth/authSlice.ts';

// The admin slice is injected by the lazily loaded console (rootReducer.inject),
// so consumers never download it.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging in lazily loaded features
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(
  api,
  sessionSlice,
  popupSlice,
  menuSlice,
  languageSlice,
  authSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
