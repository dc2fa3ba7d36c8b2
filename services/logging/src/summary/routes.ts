import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { DocumentStore } from '@talkwith/platform';
import { requireAdminCaller } from '@talkwith/platform/http';
import { loggingErrors } from '../errors.ts';
import { LogSummaryQuery, LogSummaryReply } from '@talkwith/proto/logging';
import { addDays, japanDay, japanDayStart } from '../entries/japan-time.ts';
import { dailyIn, type DayFigures } from './counters.ts';

const DAYS_SHOWN = 7;

/** The figures of `date` (a Japan day) and of the 7 days ending on it, oldest first, read from the daily counters. */
export async function summaryOf(store: DocumentStore, date: string): Promise<LogSummaryReply> {
  const days = Array.from({ length: DAYS_SHOWN }, (_, i) => addDays(date, i - (DAYS_SHOWN - 1)));
  const docs = new Map((await dailyIn(store).find({ _id: { $in: days } })).map((d) => [d._id, d]));
  const figures = (day: string): DayFigures & { date: string } => {
    const doc = docs.get(day);
    return {
      date: day,
      talks: doc?.talks ?? 0,
      signups: doc?.signups ?? 0,
      revenue_yen: doc?.revenue_yen ?? 0,
      errors: doc?.errors ?? 0,
    };
  };
  const { date: _date, ...today } = figures(date);
  return { ok: true, date, ...today, days: days.map(figures) };
}

/** GET /api/admin/logs/summary (API.md § Summary). */
export async function summaryRoutes(app: FastifyInstance, { store }: { store: DocumentStore }): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/admin/logs/summary',
    {
      schema: {
        tags: ['logging', 'admin'],
        summary: 'The admin home figures of a Japan day and the 7 days ending on it',
        querystring: LogSummaryQuery,
        response: { 200: LogSummaryReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      const date = request.query.date ?? japanDay(new Date());
      // The pattern admits 2025-02-30: a day that does not come back as itself does not exist.
      const start = japanDayStart(date);
      if (Number.isNaN(start) || japanDay(start) !== date) throw loggingErrors.invalidField('date');
      return summaryOf(store, date);
    },
  );
}
