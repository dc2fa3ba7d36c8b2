import { useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import type { LogEntry, LogTailStart } from '@talkwith/proto/logging';
import type { RootState } from '../../../app/store.ts';
import { useAdminBase } from '../AdminBase.tsx';
import { openLogTail, tailUrl, type TailState } from './logTail.ts';

/** How many live entries stay on screen: the oldest fall off (a busy day would otherwise grow the page for ever). */
export const TAIL_CAP = 200;

export interface LogTail {
  entries: LogEntry[];
  state: TailState;
  message: string | undefined;
}

/**
 * The live tail while `enabled`: newest entries first, capped, restarted when
 * the filter changes, closed when turned off or when the page is left.
 */
export function useLogTail(enabled: boolean, filter: LogTailStart['filter']): LogTail {
  const { apiBase } = useAdminBase();
  const store = useStore<RootState>();
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const [status, setStatus] = useState<{ state: TailState; message?: string }>({ state: 'closed' });
  // The socket restarts when the filter's content changes, not on every render's new object.
  const filterKey = JSON.stringify(filter ?? null);
  const filterRef = useRef(filter);
  filterRef.current = filter;
  useEffect(() => {
    if (!enabled) return undefined;
    setEntries([]);
    return openLogTail({
      url: tailUrl(apiBase),
      getToken: () => store.getState().session.accessToken,
      filter: filterRef.current,
      onEntry: (entry) => setEntries((shown) => [entry, ...shown.filter((e) => e.id !== entry.id)].slice(0, TAIL_CAP)),
      onState: (state, message) => setStatus({ state, message }),
    });
  }, [enabled, apiBase, filterKey, store]);
  return { entries, state: enabled ? status.state : 'closed', message: status.message };
}
