import { useMemo } from 'react';
import { useAdminBase } from '../AdminBase.tsx';
import { useBlockInsightQuery } from './insightApi.ts';
import { lastDays } from './period.ts';
import { trafficStyle, type TrafficStyle } from './trafficStyle.ts';

/**
 * The graph editor's traffic overlay: the last 7 days' block figures, fetched
 * and mapped only while the toggle is on (off: no request, nothing computed,
 * the canvas gets `undefined` and renders exactly as without the overlay).
 */
export function useTraffic(
  characterId: string,
  on: boolean,
): { style: TrafficStyle | undefined; talks: number | null; failed: boolean; loading: boolean } {
  const { apiBase } = useAdminBase();
  const period = useMemo(() => lastDays(7), []);
  const query = useBlockInsightQuery({ base: apiBase, characterId, period }, { skip: !on });
  const data = on ? query.data : undefined;
  const style = useMemo(() => (data ? trafficStyle(data) : undefined), [data]);
  return { style, talks: data?.talks ?? null, failed: on && query.isError, loading: on && query.isFetching && !data };
}
