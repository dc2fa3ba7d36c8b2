import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { DocumentStore } from '@talkwith/platform';
import { requireAdminCaller } from '@talkwith/platform/http';
import { LogUsersQuery, LogUsersReply } from '@talkwith/proto/logging';
import { listLogUsers } from './list.ts';

/** GET /api/admin/logs/users (API.md § Users): the log screen's user picker and the names of a page's user ids. */
export async function userRoutes(app: FastifyInstance, { store }: { store: DocumentStore }): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/admin/logs/users',
    {
      schema: {
        tags: ['logging', 'admin'],
        summary: 'Accounts for the log filter: by part of the address, a whole id, or a list of ids',
        querystring: LogUsersQuery,
        response: { 200: LogUsersReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return listLogUsers(store, request.query);
    },
  );
}
