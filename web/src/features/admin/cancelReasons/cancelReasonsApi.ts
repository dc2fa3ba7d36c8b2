import { api } from '../../../api/index.ts';
import { adminUrl, type WithBase } from '../adminApi.ts';
import type {
  AdminCancelReasonReply,
  AdminCancelReasonsReply,
  CancelReasonStatsQuery,
  CancelReasonStatsReply,
  CreateCancelReasonBody,
  UpdateCancelReasonBody,
} from '@talkwith/proto/billing';

/** The console's cancellation reasons (services/billing/API.md § Cancellation reasons). */
const cancelReasonsApi = api.enhanceEndpoints({ addTagTypes: ['AdminCancelReasons'] }).injectEndpoints({
  endpoints: (build) => ({
    adminCancelReasons: build.query<AdminCancelReasonsReply, WithBase<object>>({
      query: ({ base }) => adminUrl(base, 'cancel_reasons'),
      providesTags: ['AdminCancelReasons'],
    }),
    adminCancelReasonStats: build.query<CancelReasonStatsReply, WithBase<CancelReasonStatsQuery>>({
      query: ({ base, ...period }) => ({
        url: adminUrl(base, 'cancel_reasons/stats'),
        params: Object.fromEntries(Object.entries(period).filter(([, v]) => v)),
      }),
      providesTags: ['AdminCancelReasons'],
    }),
    adminCreateCancelReason: build.mutation<AdminCancelReasonReply, WithBase<CreateCancelReasonBody>>({
      query: ({ base, ...body }) => ({ url: adminUrl(base, 'cancel_reasons'), method: 'POST', body }),
      invalidatesTags: ['AdminCancelReasons'],
    }),
    adminUpdateCancelReason: build.mutation<AdminCancelReasonReply, WithBase<UpdateCancelReasonBody & { id: string }>>({
      query: ({ base, id, ...body }) => ({
        url: adminUrl(base, `cancel_reasons/${encodeURIComponent(id)}`),
        method: 'PUT',
        body,
      }),
      invalidatesTags: ['AdminCancelReasons'],
    }),
  }),
});

export const {
  useAdminCancelReasonsQuery,
  useAdminCancelReasonStatsQuery,
  useAdminCreateCancelReasonMutation,
  useAdminUpdateCancelReasonMutation,
} = cancelReasonsApi;
