import { useDispatch, useSelector, useStore } from 'react-redux';
import type { AppDispatch, AppStore, RootState } from './store.ts';

/** The only hooks features use to reach the store. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
/** The store itself, for a read inside an effect that must not re-run (or re-render) when the state changes. */
export const useAppStore = useStore.withTypes<AppStore>();
