import type {
  ChangeBlockBody,
  ChangeSerialTypeBody,
  CouponList,
  CouponListQuery,
  CouponReply,
  RedemptionList,
  RedemptionQueryBody,
  SerialGenerateBody,
  SerialList,
  SerialListQuery,
  SerialOrCouponReply,
  SerialStatsQuery,
  SerialStatsReply,
} from '@talkwith/proto/engagement';
import { adminUrl } from '../adminApi.ts';
import { saveBlob } from '../saveBlob.ts';
import { engagementApi, pathId, setOnly, type WithBase } from './engagementApi.ts';

/** The serial screens' calls (services/engagement/API.md "Serials"). */
export const serialsAdminApi = engagementApi.injectEndpoints({
  endpoints: (build) => ({
    adminCoupons: build.query<CouponList, WithBase<CouponListQuery>>({
      query: ({ base, ...filters }) => ({ url: adminUrl(base, 'serials/coupons'), params: setOnly(filters) }),
      providesTags: ['AdminCoupons'],
    }),
    /** A coupon by its id, or the serial whose code it is (with its coupon). */
    adminSerialOrCoupon: build.query<SerialOrCouponReply, WithBase<{ id: string }>>({
      query: ({ base, id }) => adminUrl(base, `serials/${pathId(id)}`),
      providesTags: ['AdminCoupons', 'AdminSerials'],
    }),
    adminGenerateSerials: build.mutation<CouponReply, WithBase<{ body: SerialGenerateBody }>>({
      query: ({ base, body }) => ({ url: adminUrl(base, 'serials/generate'), method: 'POST', body }),
      invalidatesTags: ['AdminCoupons', 'AdminSerialStats'],
    }),
    adminSerials: build.query<SerialList, WithBase<SerialListQuery>>({
      query: ({ base, ...filters }) => ({ url: adminUrl(base, 'serials/list'), params: setOnly(filters) }),
      providesTags: ['AdminSerials'],
    }),
    adminSerialStats: build.query<SerialStatsReply, WithBase<SerialStatsQuery>>({
      query: ({ base, ...filters }) => ({ url: adminUrl(base, 'serials/stats'), params: setOnly(filters) }),
      providesTags: ['AdminSerialStats'],
    }),
    /** Redemptions in a date range: a read, sent as POST because the contract says so. */
    adminRedemptions: build.query<RedemptionList, WithBase<RedemptionQueryBody>>({
      query: ({ base, ...body }) => ({ url: adminUrl(base, 'serials'), method: 'POST', body: setOnly(body) }),
      providesTags: ['AdminSerials'],
    }),
    adminChangeBlock: build.mutation<CouponReply, WithBase<ChangeBlockBody>>({
      query: ({ base, ...body }) => ({ url: adminUrl(base, 'serials/changeBlock'), method: 'PUT', body }),
      invalidatesTags: ['AdminCoupons', 'AdminSerials'],
    }),
    adminChangeSerialType: build.mutation<CouponReply, WithBase<ChangeSerialTypeBody>>({
      query: ({ base, ...body }) => ({ url: adminUrl(base, 'serials/changeSerialType'), method: 'PUT', body }),
      invalidatesTags: ['AdminCoupons', 'AdminSerials', 'AdminSerialStats'],
    }),
    /**
     * The coupon's codes as CSV, through the API client so the request carries
     * the admin's token (a plain link would not). The file is saved here and
     * never enters the store; the bytes are kept as sent (the BOM Excel needs).
     */
    adminDownloadSerialCsv: build.mutation<{ saved: string }, WithBase<{ couponId: string }>>({
      queryFn: async ({ base, couponId }, _api, _extra, baseQuery) => {
        const result = await baseQuery({
          url: adminUrl(base, `serials/${pathId(couponId)}/csv`),
          responseHandler: (response) => (response.ok ? response.blob() : response.json().catch(() => null)),
        });
        if (result.error) return { error: result.error };
        const name = `serials_${couponId}.csv`;
        saveBlob(name, result.data as Blob);
        return { data: { saved: name } };
      },
    }),
  }),
});

export const {
  useAdminCouponsQuery,
  useAdminSerialOrCouponQuery,
  useLazyAdminSerialOrCouponQuery,
  useAdminGenerateSerialsMutation,
  useAdminSerialsQuery,
  useAdminSerialStatsQuery,
  useAdminRedemptionsQuery,
  useAdminChangeBlockMutation,
  useAdminChangeSerialTypeMutation,
  useAdminDownloadSerialCsvMutation,
} = serialsAdminApi;
