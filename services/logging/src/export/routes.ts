import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Collection } from '@talkwith/platform';
import { requireAdminCaller } from '@talkwith/platform/http';
import { LogExportQuery } from '@talkwith/proto/logging';
import { japanDay } from '../entries/japan-time.ts';
import type { LogDoc } from '../entries/model.ts';
import { exportCriteria, storeFilter } from '../filter/criteria.ts';
import { BOM, headerLine } from './csv.ts';
import { csvPages, readPage } from './pages.ts';

/** logs_YYYYMMDD.csv, the Japan date of the export (SPEC.md §9). */
export const exportFileName = (now: Date): string => `logs_${japanDay(now).replaceAll('-', '')}.csv`;

async function* csvBody(
  logs: Collection<LogDoc>,
  filter: Parameters<typeof csvPages>[1],
  first: LogDoc[],
): AsyncGenerator<string> {
  yield `${BOM}${headerLine()}`;
  yield* csvPages(logs, filter, first);
}

/** GET /api/admin/logs/export (API.md § Export): streamed CSV, 204 when nothing matches. */
export async function exportRoutes(app: FastifyInstance, { logs }: { logs: Collection<LogDoc> }): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/admin/logs/export',
    {
      schema: {
        tags: ['logging', 'admin'],
        summary: 'Export the matching logs as CSV (UTF-8 with BOM), newest first; 204 when none match',
        querystring: LogExportQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      await requireAdminCaller(request);
      const filter = storeFilter(exportCriteria(request.query));
      const first = await readPage(logs, filter);
      // SPEC.md §5: exporting an empty list does nothing.
      if (first.length === 0) return reply.code(204).send();
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${exportFileName(new Date())}"`);
      reply.header('cache-control', 'no-store');
      return reply.send(Readable.from(csvBody(logs, filter, first), { objectMode: false }));
    },
  );
}
