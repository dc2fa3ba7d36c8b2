import { createSlice } from '@reduxjs/toolkit';

export const menuSlice = createSlice({
  name: 'menu',
  initialState: { open: false },
  reducers: {
    toggled(state) {
      state.open = !state.open;
    },
    closed(state) {
      state.open = false;
    },
  },
  selectors: { selectMenuOpen: (state) => state.open },
});

export const { toggled: menuToggled, closed: menuClosed } = menuSlice.actions;
export const { selectMenuOpen } = menuSlice.selectors;
