import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { startServiceForTest, type ServiceUnderTest } from '@talkwith/platform/platform';
import { eventually } from '@talkwith/platform/testing/eventually';
import type { LogEntry, LogFilterReply } from '@talkwith/proto/logging';
import { logsIn, type LogDraft } from './entries/model.ts';
import { loggingService } from './index.ts';

export type LoggingUnderTest = ServiceUnderTest & {
  admin: string;
  filter(body: Record<string, unknown>, token?: string): Promise<LightMyRequestResponse>;
  /** Polls the filter until it lists `count` entries. */
  listed(body: Record<string, unknown>, count: number): Promise<LogEntry[]>;
  /** Stores entries directly (the created_at a test needs), each with a fresh id. */
  seed(...drafts: Array<Partial<LogDraft>>): Promise<string[]>;
};

export const uniqueId = (prefix: string): string => `${prefix}-${randomUUID().slice(0, 8)}`;

export async function startLogging(env: Record<string, string> = {}): Promise<LoggingUnderTest> {
  const svc = await startServiceForTest(loggingService, env);
  const admin = svc.tokenFor('admin-1', ['admin']);
  const filter = (body: Record<string, unknown>, token = admin) =>
    svc.app.inject({
      method: 'POST',
      url: '/api/admin/logs/filter',
      headers: { authorization: `Bearer ${token}` },
      payload: body,
    });
  return {
    ...svc,
    admin,
    filter,
    listed: (body, count) =>
      eventually(async () => {
        const reply = (await filter(body)).json() as LogFilterReply;
        return reply.total === count ? reply.logs : undefined;
      }),
    async seed(...drafts) {
      const docs = drafts.map((d) => ({
        _id: randomUUID(),
        created_at: new Date().toISOString(),
        type: 'other' as const,
        source: 'client' as const,
        user_id: null,
        character_id: null,
        message: '',
        extra: null,
        actor_id: null,
        request_id: null,
        ...d,
      }));
      await logsIn(svc.platform.store).insertMany(docs);
      return docs.map((d) => d._id);
    },
  };
}
