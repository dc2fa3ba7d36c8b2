import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import {
  AddCardBody,
  CardDeletedReply,
  CardIdBody,
  CardListBody,
  CardReply,
  CardsReply,
  DeleteCardBody,
  UpdateCardBody,
} from '@talkwith/proto/billing';
import { actingUser } from '../caller.ts';
import type { BillingDeps } from '../deps.ts';
import { addCard, deleteCard, listCards, makeDefaultCard, replaceCard } from './cards.ts';

const tags = ['billing', 'cards'];

/** Saved cards (SPEC.md §7 card/info/*): kept at the provider; only masked numbers pass through here. */
export const cardRoutes: FastifyPluginAsync<BillingDeps> = async (app, { platform, provider }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const store = platform.store;

  api.post(
    '/api/payment/card/info/get',
    { schema: { tags, summary: "The caller's saved cards", body: CardListBody, response: { 200: CardsReply } } },
    async (request) => {
      const { userId } = await actingUser(request);
      return { ok: true as const, cards: await listCards(store, provider, userId) };
    },
  );
  api.post(
    '/api/payment/card/info/add',
    { schema: { tags, summary: 'Save a card from a one-time token', body: AddCardBody, response: { 200: CardReply } } },
    async (request) => {
      const { userId } = await actingUser(request);
      return {
        ok: true as const,
        card: await addCard(store, provider, userId, request.body.token, request.body.default),
      };
    },
  );
  api.post(
    '/api/payment/card/info/update',
    {
      schema: {
        tags,
        summary: 'Replace a saved card by a new token',
        body: UpdateCardBody,
        response: { 200: CardReply },
      },
    },
    async (request) => {
      const { userId } = await actingUser(request);
      return {
        ok: true as const,
        card: await replaceCard(store, provider, userId, request.body.card_id, request.body.token),
      };
    },
  );
  api.post(
    '/api/payment/card/info/delete',
    {
      schema: {
        tags,
        summary: 'Forget a saved card (one paying an active plan: 409 CARD_IN_USE unless replacement_card_id)',
        body: DeleteCardBody,
        response: { 200: CardDeletedReply },
      },
    },
    async (request) => {
      const { userId } = await actingUser(request);
      await deleteCard(store, provider, userId, request.body.card_id, request.body.replacement_card_id);
      return { ok: true as const };
    },
  );
  api.post(
    '/api/payment/card/info/change_default',
    { schema: { tags, summary: 'Make a saved card the default', body: CardIdBody, response: { 200: CardsReply } } },
    async (request) => {
      const { userId } = await actingUser(request);
      return { ok: true as const, cards: await makeDefaultCard(store, provider, userId, request.body.card_id) };
    },
  );
};
