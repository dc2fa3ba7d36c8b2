import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Collection } from '@talkwith/platform';
import { requireAdminCaller } from '@talkwith/platform/http';
import { LogFilter, LogFilterReply } from '@talkwith/proto/logging';
import type { LogDoc } from '../entries/model.ts';
import { listLogs } from './list.ts';

/** POST /api/admin/logs/filter (API.md § Filter). */
export async function filterRoutes(app: FastifyInstance, { logs }: { logs: Collection<LogDoc> }): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/api/admin/logs/filter',
    {
      schema: {
        tags: ['logging', 'admin'],
        summary: 'Filter stored logs, newest first, a page at a time',
        body: LogFilter,
        response: { 200: LogFilterReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return listLogs(logs, request.body);
    },
  );
}
