import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { Platform } from '@talkwith/platform';
import type { PlatformConfig } from '@talkwith/platform/platform';
import { requireAdminCaller } from '@talkwith/platform/http';
import { DEFAULT_LANGUAGE, ProjectSettings, TranslateBody, TranslateReply } from '@talkwith/proto/catalog';
import { projectSettingsOf } from './project.ts';
import type { Translator } from './translate/index.ts';

export interface ProjectDeps {
  platform: Platform;
  config: PlatformConfig;
  translator: Translator;
}

const tags = ['catalog', 'admin'];

/** Project settings and translation for the admin console. */
export const projectRoutes: FastifyPluginAsync<ProjectDeps> = async (app, { config, translator }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/api/admin/project',
    {
      schema: {
        tags,
        summary: 'Project settings: languages, limits, media rules, which adapters are configured (no secrets)',
        response: { 200: ProjectSettings },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return projectSettingsOf(config, translator);
    },
  );
  api.post(
    '/api/admin/translate',
    {
      schema: {
        tags,
        summary: 'Translate Japanese text (the glossary of interface strings in standalone, else a translation API)',
        body: TranslateBody,
        response: { 200: TranslateReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      const target = request.body.target ?? DEFAULT_LANGUAGE;
      const translation = await translator.translate(request.body.text, target);
      return { ok: true as const, target, ...translation };
    },
  );
};
