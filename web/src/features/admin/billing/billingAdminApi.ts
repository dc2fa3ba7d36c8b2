import type { UserReply } from '@talkwith/proto/identity';
import { api } from '../../../api/index.ts';
import { adminUrl } from '../adminApi.ts';
import type {
  AdminAccountReply,
  AdminCancelBody,
  AdminCancelDecrementBody,
  AdminGiveTicketsBody,
  AdminPaymentHistoryQuery,
  AdminPointHistoryQuery,
  AdminPointHistoryReply,
  AdminPointsBody,
  AdminPointsChangedReply,
  AdminPointsReply,
  AdminPurchaseReply,
  AdminPurchasesReply,
  AdminRemoveTicketsBody,
  AdminSubscriptionsQuery,
  AdminSubscriptionsReply,
  AdminTicketsChangedReply,
  AdminTicketsReply,
} from '@talkwith/proto/billing';

type WithBase<T = object> = T & { base: string };
/** Money-moving calls carry the key of the operator's one confirmed intent (services/billing/API.md "Rules every route keeps"). */
type Keyed<T> = WithBase<T & { idempotencyKey: string }>;
const id = (value: string) => encodeURIComponent(value);
const keyHeader = (key: string) => ({ 'Idempotency-Key': key });
/** Only the filters that are set go in the query string. */
const setOnly = (params: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));

/** The billing screens of the admin console (services/billing/API.md admin routes). */
export const billingAdminApi = api
  .enhanceEndpoints({ addTagTypes: ['AdminPurchases', 'AdminSubscriptions', 'AdminLedger'] })
  .injectEndpoints({
    endpoints: (build) => ({
      adminPaymentHistory: build.query<AdminPurchasesReply, WithBase<AdminPaymentHistoryQuery>>({
        query: ({ base, ...filters }) => ({ url: adminUrl(base, 'payment/history'), params: setOnly({ ...filters }) }),
        providesTags: ['AdminPurchases'],
      }),
      adminPurchase: build.query<AdminPurchaseReply, WithBase<{ purchaseId: string }>>({
        query: ({ base, purchaseId }) => adminUrl(base, `full/purchases/${id(purchaseId)}`),
        providesTags: ['AdminPurchases'],
      }),
      adminUserPurchases: build.query<AdminPurchasesReply, WithBase<{ userId: string; page: number }>>({
        query: ({ base, userId, page }) => ({
          url: adminUrl(base, `full/users/${id(userId)}/purchases`),
          params: { page },
        }),
        providesTags: ['AdminPurchases'],
      }),
      adminCancelPurchase: build.mutation<AdminPurchaseReply, Keyed<AdminCancelBody>>({
        query: ({ base, idempotencyKey, ...body }) => ({
          url: adminUrl(base, 'full/purchases/purchase/cancel'),
          method: 'POST',
          headers: keyHeader(idempotencyKey),
          body,
        }),
        invalidatesTags: ['AdminPurchases', 'AdminLedger'],
      }),
      adminRefundPurchase: build.mutation<AdminPurchaseReply, Keyed<AdminCancelDecrementBody & { purchaseId: string }>>(
        {
          query: ({ base, purchaseId, amount, reason, idempotencyKey }) => ({
            url: adminUrl(base, `full/purchases/${id(purchaseId)}/cancel_decrement`),
            method: 'POST',
            headers: keyHeader(idempotencyKey),
            body: { amount, reason },
          }),
          invalidatesTags: ['AdminPurchases'],
        },
      ),
      adminSubscriptions: build.query<AdminSubscriptionsReply, WithBase<AdminSubscriptionsQuery>>({
        query: ({ base, ...filters }) => ({
          url: adminUrl(base, 'subscriptions/list'),
          params: setOnly({ ...filters }),
        }),
        providesTags: ['AdminSubscriptions'],
      }),
      adminUserTickets: build.query<AdminTicketsReply, WithBase<{ userId: string; page: number }>>({
        query: ({ base, userId, page }) => ({
          url: adminUrl(base, `full/users/${id(userId)}/talk_tickets`),
          params: { page },
        }),
        providesTags: ['AdminLedger'],
      }),
      adminGiveTickets: build.mutation<AdminTicketsChangedReply, Keyed<AdminGiveTicketsBody & { userId: string }>>({
        query: ({ base, userId, count, reason, idempotencyKey }) => ({
          url: adminUrl(base, `full/users/${id(userId)}/talk_tickets`),
          method: 'POST',
          headers: keyHeader(idempotencyKey),
          body: { count, reason },
        }),
        invalidatesTags: ['AdminLedger'],
      }),
      adminRemoveTickets: build.mutation<AdminTicketsChangedReply, Keyed<AdminRemoveTicketsBody & { userId: string }>>({
        query: ({ base, userId, count, reason, idempotencyKey }) => ({
          url: adminUrl(base, `full/users/${id(userId)}/talk_tickets/remove`),
          method: 'POST',
          headers: keyHeader(idempotencyKey),
          body: { count, reason },
        }),
        invalidatesTags: ['AdminLedger'],
      }),
      adminUserPoints: build.query<AdminPointsReply, WithBase<{ userId: string; page: number }>>({
        query: ({ base, userId, page }) => ({
          url: adminUrl(base, `full/users/${id(userId)}/points`),
          params: { page },
        }),
        providesTags: ['AdminLedger'],
      }),
      /** MA0001 (give) or MA0009 (cancel) points of one user. */
      adminMovePoints: build.mutation<AdminPointsChangedReply, Keyed<AdminPointsBody & { action: 'give' | 'cancel' }>>({
        query: ({ base, action, idempotencyKey, ...body }) => ({
          url: adminUrl(base, `point/${action}`),
          method: 'POST',
          headers: keyHeader(idempotencyKey),
          body,
        }),
        invalidatesTags: ['AdminLedger'],
      }),
      /** One account of the identity service (GET /api/admin/users/:id), to show whom an operator acts on. */
      adminUserById: build.query<UserReply, WithBase<{ userId: string }>>({
        query: ({ base, userId }) => adminUrl(base, `users/${id(userId)}`),
        providesTags: ['AdminUsers'],
      }),
      /** What billing knows of an account (GET full/users/:id/account): a deleted one keeps its money records and says when it was deleted. */
      adminBillingAccount: build.query<AdminAccountReply, WithBase<{ userId: string }>>({
        query: ({ base, userId }) => adminUrl(base, `full/users/${id(userId)}/account`),
      }),
      adminPointHistory: build.query<AdminPointHistoryReply, WithBase<AdminPointHistoryQuery>>({
        query: ({ base, ...filters }) => ({ url: adminUrl(base, 'point/history'), params: setOnly({ ...filters }) }),
        providesTags: ['AdminLedger'],
      }),
    }),
  });

export const {
  useAdminPaymentHistoryQuery,
  useAdminPurchaseQuery,
  useAdminUserPurchasesQuery,
  useAdminCancelPurchaseMutation,
  useAdminRefundPurchaseMutation,
  useAdminSubscriptionsQuery,
  useAdminUserTicketsQuery,
  useAdminGiveTicketsMutation,
  useAdminRemoveTicketsMutation,
  useAdminUserPointsQuery,
  useAdminMovePointsMutation,
  useAdminPointHistoryQuery,
  useAdminUserByIdQuery,
  useLazyAdminUserByIdQuery,
  useAdminBillingAccountQuery,
} = billingAdminApi;
