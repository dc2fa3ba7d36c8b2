import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import { requireAdminCaller } from '@talkwith/platform/http';
import {
  AdminCharacterParams,
  CharacterTestParams,
  CharacterTestReply,
  CharacterTestsReply,
  NewTestBody,
  RunTestsBody,
  RunTestsReply,
  TestPatchBody,
} from '@talkwith/proto/catalog';
import type { AuthoringPorts } from '../audit.ts';
import { addTest, deleteTest, listTests, runTests, updateTest } from './character-tests.ts';

const tags = ['catalog', 'admin'];
const Deleted = Type.Object({ ok: Type.Literal(true) });

/** Tests of a character (character-tests.ts): list, add, rename or rewrite, delete, and run against the draft. */
export const characterTestRoutes: FastifyPluginAsync<{ platform: AuthoringPorts }> = async (app, { platform }) => {
  const { store } = platform;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/api/admin/characters/:id/tests',
    {
      schema: {
        tags,
        summary: "The character's tests, oldest first",
        params: AdminCharacterParams,
        response: { 200: CharacterTestsReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return { ok: true as const, tests: await listTests(store, request.params.id) };
    },
  );
  api.post(
    '/api/admin/characters/:id/tests',
    {
      schema: {
        tags,
        summary: 'Add a test (at most 100 a character; 50 steps, texts of 200 characters)',
        params: AdminCharacterParams,
        body: NewTestBody,
        response: { 201: CharacterTestReply },
      },
    },
    async (request, reply) => {
      const caller = await requireAdminCaller(request);
      const test = await addTest(platform, { adminId: caller.sub }, request.params.id, request.body);
      return reply.code(201).send({ ok: true as const, test });
    },
  );
  api.patch(
    '/api/admin/characters/:id/tests/:test_id',
    {
      schema: {
        tags,
        summary: 'Rename a test or replace its steps',
        params: CharacterTestParams,
        body: TestPatchBody,
        response: { 200: CharacterTestReply },
      },
    },
    async (request) => {
      const caller = await requireAdminCaller(request);
      return {
        ok: true as const,
        test: await updateTest(
          platform,
          { adminId: caller.sub },
          request.params.id,
          request.params.test_id,
          request.body,
        ),
      };
    },
  );
  api.delete(
    '/api/admin/characters/:id/tests/:test_id',
    {
      schema: { tags, summary: 'Delete a test', params: CharacterTestParams, response: { 200: Deleted } },
    },
    async (request) => {
      const caller = await requireAdminCaller(request);
      await deleteTest(platform, { adminId: caller.sub }, request.params.id, request.params.test_id);
      return { ok: true as const };
    },
  );
  api.post(
    '/api/admin/characters/:id/tests/run',
    {
      schema: {
        tags,
        summary:
          'Play every test (or one, test_id) against the draft with the engine: pass or fail per step, blocks by name',
        params: AdminCharacterParams,
        body: RunTestsBody,
        response: { 200: RunTestsReply },
      },
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return { ok: true as const, report: await runTests(store, request.params.id, request.body.test_id) };
    },
  );
};
