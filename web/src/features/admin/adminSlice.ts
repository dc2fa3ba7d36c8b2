import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/store.ts';

/** The users list's filters (SPEC.md §7 Users: email, exact=false, page=1, new). */
export interface AdminFilters {
  email: string;
  exact: boolean;
  onlyNew: boolean;
  page: number;
}

const initialState: AdminFilters = { email: '', exact: false, onlyNew: false, page: 1 };

export const adminSlice = createSlice({
  name: 'admin',
  initialState,
  reducers: {
    filtersChanged(state, action: PayloadAction<Partial<Omit<AdminFilters, 'page'>>>) {
      return { ...state, ...action.payload, page: 1 };
    },
    pageChanged(state, action: PayloadAction<number>) {
      state.page = Math.max(1, action.payload);
    },
  },
  selectors: { selectAdminFilters: (state) => state },
});

declare module '../../app/store.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the admin slice
  interface LazyLoadedSlices extends WithSlice<typeof adminSlice> {}
}

// Injected when the console loads, so the consumer bundle carries none of it.
const injected = adminSlice.injectInto(rootReducer);
export const { selectAdminFilters } = injected.selectors;
export const { filtersChanged, pageChanged } = adminSlice.actions;
