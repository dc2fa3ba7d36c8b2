import type {
  LogExportQuery,
  LogFilter,
  LogFilterReply,
  LogSummaryReply,
  LogUsersReply,
} from '@talkwith/proto/logging';
import { api } from '../../../api/index.ts';
import { adminUrl, type WithBase } from '../adminApi.ts';
import { saveBlob } from '../saveBlob.ts';

interface Download {
  blob: Blob;
  name: string | null;
}

// By shape, not `instanceof Blob`: the response's Blob may come from another realm than the page's global
// (the fetch implementation's own, as in the tests' VM contexts).
const isDownload = (value: unknown): value is Download =>
  typeof value === 'object' &&
  value !== null &&
  'blob' in value &&
  typeof (value.blob as Partial<Blob> | null)?.arrayBuffer === 'function';

/**
 * The file name the server gave (Content-Disposition), reduced to a plain
 * name: `filename*=UTF-8''…` first, then `filename="…"`; null when absent.
 */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*[^']*''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1];
  let name = plain ?? null;
  if (encoded) {
    try {
      name = decodeURIComponent(encoded.trim());
    } catch {
      /* a malformed encoding: keep the plain name */
    }
  }
  // Never a path: only the last segment, and nothing a file system would refuse.
  const base =
    name
      ?.split(/[\\/]/)
      .pop()
      ?.replace(/[^\w.-]/g, '_') ?? '';
  return base.length > 0 ? base : null;
}

/** The logs screens' calls (proto/src/logging: filter, export, summary); the live tail is a WebSocket (logTail.ts). */
export const logsAdminApi = api.enhanceEndpoints({ addTagTypes: ['AdminLogs'] }).injectEndpoints({
  endpoints: (build) => ({
    /** A read sent as POST because the contract says so (the filter is a body). */
    adminLogs: build.query<LogFilterReply, WithBase<{ body: LogFilter }>>({
      query: ({ base, body }) => ({ url: adminUrl(base, 'logs/filter'), method: 'POST', body }),
      providesTags: ['AdminLogs'],
    }),
    /** The accounts logging knows: by part of an address or an id (q), or the addresses of a page's ids (ids, comma separated). */
    adminLogUsers: build.query<LogUsersReply, WithBase<{ q?: string; ids?: string }>>({
      query: ({ base, q, ids }) => ({
        url: adminUrl(base, 'logs/users'),
        params: { ...(q ? { q } : {}), ...(ids ? { ids, limit: 100 } : {}) },
      }),
    }),
    adminLogSummary: build.query<LogSummaryReply, WithBase<{ date?: string }>>({
      query: ({ base, date }) => ({ url: adminUrl(base, 'logs/summary'), params: date ? { date } : {} }),
      providesTags: ['AdminLogs'],
    }),
    /**
     * The filtered logs as CSV, through the API client so the request carries
     * the admin's token. 204 (nothing matches) saves nothing: `saved` is null.
     * The bytes are kept as sent (the BOM Excel needs) and never enter the store.
     */
    adminExportLogs: build.mutation<
      { saved: string | null },
      WithBase<{ query: LogExportQuery; fallbackName: string }>
    >({
      queryFn: async ({ base, query, fallbackName }, _api, _extra, baseQuery) => {
        const result = await baseQuery({
          url: adminUrl(base, 'logs/export'),
          params: query,
          responseHandler: async (response) => {
            if (response.status === 204) return null;
            if (!response.ok) return response.json().catch(() => null);
            return {
              blob: await response.blob(),
              name: fileNameOf(response.headers.get('content-disposition')),
            } satisfies Download;
          },
        });
        if (result.error) return { error: result.error };
        if (!isDownload(result.data)) return { data: { saved: null } };
        const name = result.data.name ?? fallbackName;
        saveBlob(name, result.data.blob);
        return { data: { saved: name } };
      },
    }),
  }),
});

export const { useAdminLogsQuery, useAdminLogSummaryQuery, useAdminExportLogsMutation, useAdminLogUsersQuery } =
  logsAdminApi;
