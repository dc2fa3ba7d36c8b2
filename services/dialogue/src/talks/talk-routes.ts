import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireCaller } from '@talkwith/platform/http';
import {
  TalkEndRequest,
  TalkParams,
  TalkReleaseRequest,
  TalkReply,
  TalkStartHeaders,
  TalkStartRequest,
} from '@talkwith/proto/dialogue';
import type { DialogueDeps } from '../deps.ts';
import { endTalk, releaseTalk, startTalk } from './talks.ts';

const tags = ['talks'];

/** A talk's start, release and end (API.md § Talks). */
export const talkRoutes: FastifyPluginAsync<DialogueDeps> = async (app, { platform, entitlements }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const ports = { store: platform.store, events: platform.events };
  const startPorts = { ...ports, entitlements };

  api.post(
    '/api/dialogue/talks',
    {
      schema: {
        tags,
        summary: 'Start a talk (the same Idempotency-Key by the same user returns the same talk)',
        headers: TalkStartHeaders,
        body: TalkStartRequest,
        response: { 200: TalkReply },
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const talk = await startTalk(startPorts, {
        userId: caller.sub,
        roles: caller.roles,
        idempotencyKey: request.headers['idempotency-key'],
        request: request.body,
      });
      return { ok: true as const, talk };
    },
  );

  api.post(
    '/api/dialogue/talks/:talk_id/release',
    {
      schema: {
        tags,
        summary: 'Release a talk that failed before its first reply (billing gives its ticket back)',
        params: TalkParams,
        body: TalkReleaseRequest,
        response: { 200: TalkReply },
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const talk = await releaseTalk(ports, {
        userId: caller.sub,
        talkId: request.params.talk_id,
        reason: request.body.reason,
      });
      return { ok: true as const, talk };
    },
  );

  api.post(
    '/api/dialogue/talks/:talk_id/end',
    {
      schema: {
        tags,
        summary: 'End a talk with its billed time (a second end keeps the first)',
        params: TalkParams,
        body: TalkEndRequest,
        response: { 200: TalkReply },
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const { reason, total_billed_time } = request.body;
      const talk = await endTalk(ports, {
        userId: caller.sub,
        talkId: request.params.talk_id,
        reason,
        totalBilledTime: total_billed_time,
      });
      return { ok: true as const, talk };
    },
  );
};
