import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '@talkwith/platform';
import { requireCaller } from '@talkwith/platform/http';
import { SerialCheckBody, SerialCheckReply, UnlockList } from '@talkwith/proto/engagement';
import type { EngagementDeps } from '../deps.ts';
import { createSerialLimiter } from './limiter.ts';
import { serialMessages as m } from './messages.ts';
import { characterNames, unlocksOf } from './queries.ts';
import { redeemSerial } from './redeem.ts';
import { unlockView } from './views.ts';

const tags = ['serials'];
/** "Already received" (409): the caller typed a code of a batch they already hold, e.g. a double-click. */
const NOT_A_FAILED_GUESS: ReadonlySet<string> = new Set(['SERIAL_ALREADY_UNLOCKED']);

/** The customers' serial routes (API.md § Serials): both the /serial and the /coupon page post here. */
export const serialUserRoutes: FastifyPluginAsync<EngagementDeps> = async (app, { platform, config }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const limiter = createSerialLimiter(platform.cache, {
    maxFailures: config.SERIAL_MAX_FAILURES,
    maxFailuresPerAddress: config.SERIAL_MAX_FAILURES_PER_ADDRESS,
    windowMs: config.SERIAL_FAILURE_WINDOW_MS,
    uncounted: NOT_A_FAILED_GUESS,
  });

  api.post('/api/serial/check', { schema: { tags, summary: 'Redeem a serial code for the caller (rate-limited per account and address)', body: SerialCheckBody, response: { 200: SerialCheckReply } } }, async (request) => {
    const caller = await requireCaller(request);
    if (request.body.user_id !== undefined && request.body.user_id !== caller.sub) throw new AppError('FORBIDDEN', m.notYourself);
    const attempt = { userId: caller.sub, isAdmin: caller.roles.includes('admin'), code: request.body.serial_id };
    // request.ip: the platform trusts exactly one proxy hop (ours), so this is the client's address.
    const row = await limiter.guard(caller.sub, request.ip, () => redeemSerial(platform, attempt));
    const names = await characterNames(platform.store, [row.character_id]);
    return { ok: true as const, message: m.redeemed, unlock: unlockView(row, names.get(row.character_id)) };
  });

  api.get('/api/serial/unlocks', { schema: { tags, summary: "The caller's redeemed serials, newest first", response: { 200: UnlockList } } }, async (request) => {
    const caller = await requireCaller(request);
    return unlocksOf(platform.store, caller.sub);
  });
};
