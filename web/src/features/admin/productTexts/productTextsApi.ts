import { api } from '../../../api/index.ts';
import { adminUrl, type WithBase } from '../adminApi.ts';
import type { ProductTextReply, ProductTextsReply, UpdateProductTextBody } from '@talkwith/proto/billing';

/** Pack and plan names in the other interface languages (services/billing/API.md § Product names in every language). */
const productTextsApi = api.enhanceEndpoints({ addTagTypes: ['AdminProductTexts'] }).injectEndpoints({
  endpoints: (build) => ({
    adminProductTexts: build.query<ProductTextsReply, WithBase<object>>({
      query: ({ base }) => adminUrl(base, 'billing/product_texts'),
      providesTags: ['AdminProductTexts'],
    }),
    adminUpdateProductText: build.mutation<ProductTextReply, WithBase<UpdateProductTextBody & { key: string }>>({
      query: ({ base, key, ...body }) => ({
        url: adminUrl(base, `billing/product_texts/${encodeURIComponent(key)}`),
        method: 'PUT',
        body,
      }),
      invalidatesTags: ['AdminProductTexts'],
    }),
  }),
});

export const { useAdminProductTextsQuery, useAdminUpdateProductTextMutation } = productTextsApi;
