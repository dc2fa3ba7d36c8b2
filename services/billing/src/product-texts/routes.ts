import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import { ProductTextParams, ProductTextReply, ProductTextsReply, UpdateProductTextBody } from '@talkwith/proto/billing';
import type { BillingDeps } from '../deps.ts';
import { listProductTexts, updateProductText } from './admin.ts';

const tags = ['billing', 'admin'];

/** The console's editor of pack and plan names in the other interface languages (API.md § Product names in every language). */
export const productTextRoutes: FastifyPluginAsync<BillingDeps> = async (app, deps) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const ports = deps.platform;

  api.get(
    '/api/admin/billing/product_texts',
    { schema: { tags, summary: 'Pack and plan names with their translations', response: { 200: ProductTextsReply } } },
    async (request) => {
      await requireAdminCaller(request);
      return { ok: true as const, texts: await listProductTexts(ports) };
    },
  );
  api.put(
    '/api/admin/billing/product_texts/:key',
    {
      schema: {
        tags,
        summary: "Replace a pack's or plan's translated names (audited)",
        params: ProductTextParams,
        body: UpdateProductTextBody,
        response: { 200: ProductTextReply },
      },
    },
    async (request) => {
      const admin = await requireAdminCaller(request);
      return {
        ok: true as const,
        text: await updateProductText(ports, admin.sub, request.params.key, request.body.name_i18n, new Date()),
      };
    },
  );
};
