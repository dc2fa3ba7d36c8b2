import { api } from '../../api/index.ts';
import type {
  AddCardBody,
  AuthorizeBody,
  AvailableTicketsReply,
  CancelReasonsReply,
  CancelSubscriptionBody,
  CardChangeOrderBody,
  CardIdBody,
  CardReply,
  CardsReply,
  DeleteCardBody,
  EntitlementsReply,
  HistoryGetBody,
  HistoryReply,
  OrderIdBody,
  PlansReply,
  ReceiptReply,
  ProductsReply,
  PurchaseFlowReply,
  PurchaseReply,
  ResubscribeBody,
  SubscribeBody,
  RecurringBody,
  RecurringReply,
  SubscriptionFlowReply,
  SubscriptionOrderBody,
  SubscriptionReply,
  SubscriptionsReply,
  TokenEndpointReply,
  UseTicketBody,
  UseTicketReply,
  WalletReply,
} from '@talkwith/proto/billing';

/** A money-moving call: its body and the Idempotency-Key of the intent (API.md: one key per intended charge, grant or use). */
export interface Keyed<T> {
  key: string;
  body: T;
}

const keyed =
  <T>(url: string) =>
  ({ key, body }: Keyed<T>) => ({ url, method: 'POST', body, headers: { 'Idempotency-Key': key } });

// A completed purchase or plan also drops the served characters ('PlayableCharacter'): a character once
// served as a preview is served whole to its buyer or subscriber (catalog D4), and the player's ticket step
// reads that (access).
const billingApi = api
  .enhanceEndpoints({ addTagTypes: ['Wallet', 'Cards', 'Purchases', 'Subscriptions', 'Entitlements'] })
  .injectEndpoints({
    endpoints: (build) => ({
      wallet: build.query<WalletReply, void>({ query: () => 'billing/wallet', providesTags: ['Wallet'] }),
      products: build.query<ProductsReply, void>({ query: () => 'billing/products' }),
      tokenEndpoint: build.query<TokenEndpointReply, void>({ query: () => 'payment/token_endpoint' }),
      plans: build.query<PlansReply, void>({ query: () => 'billing/plans' }),
      cancelReasons: build.query<CancelReasonsReply, void>({ query: () => 'cancel_reasons/list' }),
      entitlements: build.query<EntitlementsReply, void>({
        query: () => 'billing/entitlements',
        providesTags: ['Entitlements'],
      }),
      ticketsAvailable: build.query<AvailableTicketsReply, string>({
        query: (userId) => `talk_tickets/available/${encodeURIComponent(userId)}`,
        providesTags: ['Wallet'],
      }),
      purchaseHistory: build.query<HistoryReply, HistoryGetBody>({
        query: (body) => ({ url: 'payment/user_purchase_history/get', method: 'POST', body }),
        providesTags: ['Purchases'],
      }),
      /** The receipt (領収書) of a paid purchase or plan period: GET /api/billing/receipts/:purchase_id (own only). */
      receipt: build.query<ReceiptReply, string>({
        query: (purchaseId) => `billing/receipts/${encodeURIComponent(purchaseId)}`,
        providesTags: ['Purchases'],
      }),
      cards: build.query<CardsReply, void>({
        query: () => ({ url: 'payment/card/info/get', method: 'POST', body: {} }),
        providesTags: ['Cards'],
      }),
      addCard: build.mutation<CardReply, AddCardBody>({
        query: (body) => ({ url: 'payment/card/info/add', method: 'POST', body }),
        invalidatesTags: ['Cards'],
      }),
      /** A card that pays an active plan is refused (409 CARD_IN_USE) unless replacement_card_id moves the plan first. */
      deleteCard: build.mutation<unknown, DeleteCardBody>({
        query: (body) => ({ url: 'payment/card/info/delete', method: 'POST', body }),
        invalidatesTags: ['Cards', 'Subscriptions'],
      }),
      setDefaultCard: build.mutation<CardsReply, CardIdBody>({
        query: (body) => ({ url: 'payment/card/info/change_default', method: 'POST', body }),
        invalidatesTags: ['Cards'],
      }),
      authorize: build.mutation<PurchaseFlowReply, Keyed<AuthorizeBody>>({
        query: keyed('payment/card/authorize'),
        invalidatesTags: ['Wallet', 'Purchases', 'Cards', 'Entitlements', 'PlayableCharacter'],
      }),
      mpiComplete: build.mutation<PurchaseFlowReply, OrderIdBody>({
        query: (body) => ({ url: 'payment/card/3dsecure/mpi_complete', method: 'POST', body }),
        invalidatesTags: ['Wallet', 'Purchases', 'Entitlements', 'Subscriptions', 'PlayableCharacter'],
      }),
      mpiMerchant: build.mutation<PurchaseFlowReply, OrderIdBody>({
        query: (body) => ({ url: 'payment/threedsecure/mpi_merchant', method: 'POST', body }),
        invalidatesTags: ['Wallet', 'Purchases', 'Entitlements', 'Subscriptions', 'PlayableCharacter'],
      }),
      /** Asks again how an unsettled purchase ended (the server searches the provider by its orderId). */
      purchaseResult: build.mutation<PurchaseReply, OrderIdBody>({
        query: (body) => ({ url: 'payment/card/result/get', method: 'POST', body }),
        invalidatesTags: ['Wallet', 'Purchases', 'Entitlements', 'Subscriptions', 'PlayableCharacter'],
      }),
      subscriptions: build.query<SubscriptionsReply, string>({
        query: (userId) => `subscriptions/${encodeURIComponent(userId)}`,
        providesTags: ['Subscriptions'],
      }),
      subscribe: build.mutation<SubscriptionFlowReply, Keyed<SubscribeBody>>({
        query: keyed('payment/subscription/subscribe'),
        invalidatesTags: ['Subscriptions', 'Wallet', 'Purchases', 'Cards', 'PlayableCharacter'],
      }),
      cancelSubscription: build.mutation<SubscriptionReply, Keyed<CancelSubscriptionBody>>({
        query: keyed('payment/subscription/cancel'),
        invalidatesTags: ['Subscriptions'],
      }),
      resubscribe: build.mutation<SubscriptionFlowReply, Keyed<ResubscribeBody>>({
        query: keyed('payment/subscription/resubscribe'),
        invalidatesTags: ['Subscriptions', 'Wallet', 'Purchases'],
      }),
      /** Back from the 3-D Secure page of a subscription's first charge (?kind=subscription): settles it once. */
      subscriptionMpiComplete: build.mutation<SubscriptionFlowReply, SubscriptionOrderBody>({
        query: (body) => ({ url: 'payment/subscription/mpi_complete', method: 'POST', body }),
        invalidatesTags: ['Subscriptions', 'Wallet', 'Cards', 'PlayableCharacter'],
      }),
      /** The card a plan's renewals charge: a saved card (card_id) or a new one (token; may answer next: 'challenge'). */
      changePlanCard: build.mutation<RecurringReply, RecurringBody>({
        query: (body) => ({ url: 'payment/recurring/change_card', method: 'POST', body }),
        invalidatesTags: ['Subscriptions', 'Cards'],
      }),
      /** Back from the 3-D Secure page of a plan's new card (?kind=card). */
      cardChangeMpiComplete: build.mutation<RecurringReply, CardChangeOrderBody>({
        query: (body) => ({ url: 'payment/recurring/change_card/mpi_complete', method: 'POST', body }),
        invalidatesTags: ['Subscriptions', 'Cards'],
      }),
      useTalkTicket: build.mutation<UseTicketReply, Keyed<UseTicketBody>>({
        query: keyed('talk_tickets'),
        invalidatesTags: ['Wallet'],
      }),
    }),
  });

export const {
  useWalletQuery,
  useProductsQuery,
  usePlansQuery,
  useEntitlementsQuery,
  useTicketsAvailableQuery,
  usePurchaseHistoryQuery,
  useCardsQuery,
  useAddCardMutation,
  useDeleteCardMutation,
  useSetDefaultCardMutation,
  useAuthorizeMutation,
  useMpiCompleteMutation,
  useMpiMerchantMutation,
  usePurchaseResultMutation,
  useSubscriptionsQuery,
  useSubscribeMutation,
  useCancelSubscriptionMutation,
  useResubscribeMutation,
  useSubscriptionMpiCompleteMutation,
  useUseTalkTicketMutation,
  useTokenEndpointQuery,
  useReceiptQuery,
  useCancelReasonsQuery,
  useChangePlanCardMutation,
  useCardChangeMpiCompleteMutation,
} = billingApi;
