import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { isAppError } from '@talkwith/platform';
import { limitFailures, type FailureRule } from '@talkwith/platform/limits';
import { requireCaller } from '@talkwith/platform/http';
import { SerialCheckBody, SerialCheckReply, UnlockList } from '@talkwith/proto/engagement';
import type { EngagementDeps } from '../deps.ts';
import { serialMessages as m } from './messages.ts';
import { characterNames, unlocksOf } from './queries.ts';
import { redeemSerial } from './redeem.ts';
import { unlockView } from './views.ts';
import { serialErrors } from '../errors.ts';

const tags = ['serials'];

/**
 * What counts against the guessing budgets (API.md § Serials, step 1): an
 * attempt that did not redeem and was the caller's doing, except "already
 * received" (409 SERIAL_ALREADY_UNLOCKED: a double-click or a second try of
 * one's own code proves it was typed right). A success and a server fault
 * give their unit back.
 */
const FAILED_GUESS: FailureRule<unknown> = {
  failedError: (err) => isAppError(err) && err.status < 500 && err.code !== 'SERIAL_ALREADY_UNLOCKED',
};

/** The customers' serial routes (API.md § Serials): both the /serial and the /coupon page post here. */
export const serialUserRoutes: FastifyPluginAsync<EngagementDeps> = async (app, { platform, config }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const windowMs = config.SERIAL_FAILURE_WINDOW_MS;
  const guessBudgets = (account: string, address: string) => [
    { name: 'serial.account', key: account, max: config.SERIAL_MAX_FAILURES, windowMs },
    { name: 'serial.address', key: address, max: config.SERIAL_MAX_FAILURES_PER_ADDRESS, windowMs },
  ];

  api.post(
    '/api/serial/check',
    {
      schema: {
        tags,
        summary: 'Redeem a serial code for the caller (rate-limited per account and address)',
        body: SerialCheckBody,
        response: { 200: SerialCheckReply },
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      if (request.body.user_id !== undefined && request.body.user_id !== caller.sub) throw serialErrors.notYourself();
      const attempt = { userId: caller.sub, isAdmin: caller.roles.includes('admin'), code: request.body.serial_id };
      // request.ip: the platform trusts exactly one proxy hop (ours), so this is the client's address.
      const row = await limitFailures(
        platform.cache,
        guessBudgets(caller.sub, request.ip),
        m.rateLimited,
        () => redeemSerial(platform, attempt),
        FAILED_GUESS,
      );
      const names = await characterNames(platform.store, [row.character_id]);
      return { ok: true as const, message: m.redeemed, unlock: unlockView(row, names.get(row.character_id)) };
    },
  );

  api.get(
    '/api/serial/unlocks',
    { schema: { tags, summary: "The caller's redeemed serials, newest first", response: { 200: UnlockList } } },
    async (request) => {
      const caller = await requireCaller(request);
      return unlocksOf(platform.store, caller.sub);
    },
  );
};
