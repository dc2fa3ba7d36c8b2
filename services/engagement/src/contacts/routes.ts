import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireAdminCaller, requireCaller, type Caller } from '@talkwith/platform/http';
import {
  ContactBody,
  ContactIdParams,
  ContactList,
  ContactListQuery,
  ContactReceived,
  ContactReply,
  ContactReplyBody,
  ContactStatusBody,
} from '@talkwith/proto/engagement';
import { OkBody } from '@talkwith/proto/http';
import type { EngagementDeps } from '../deps.ts';
import { contactById, deleteContact, listContacts, setContactStatus } from './admin.ts';
import { replyToContact } from './reply.ts';
import { submitContact } from './submit.ts';
import { contactSummaryView, contactView } from './views.ts';

/** The answer's text: every sender is given the receipt number; only a signed-in one with a confirmed address is mailed too. */
export const RECEIVED_MESSAGE = 'お問い合わせを受け付けました。受付番号をお控えください。';
export const RECEIVED_MAILED_MESSAGE =
  'お問い合わせを受け付けました。受付番号をお控えください。ご登録のメールアドレスに確認のメールをお送りします。';

/**
 * The caller when the request carries a token, null when it carries none. A
 * token that is there but invalid (expired, forged, revoked) is a 401: the
 * sender meant to be logged in, and must not be filed as anonymous.
 */
async function optionalCaller(request: FastifyRequest): Promise<Caller | null> {
  return request.headers.authorization === undefined ? null : requireCaller(request);
}

/** Contacts (API.md § Contacts): the public form and the admins' inbox. */
export const contactRoutes: FastifyPluginAsync<EngagementDeps> = async (app, deps) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/api/contacts',
    {
      schema: {
        tags: ['engagement', 'contacts'],
        summary:
          "Send a contact form (logged in or out); answered with a receipt number, mailed only to a signed-in sender's confirmed address",
        body: ContactBody,
        response: { 201: ContactReceived },
      },
    },
    async (request, reply) => {
      const caller = await optionalCaller(request);
      const contact = await submitContact(deps, {
        form: request.body,
        userId: caller?.sub ?? null,
        clientAddress: request.ip,
      });
      const mailed = contact.receipt_owed === true;
      return reply.code(201).send({
        ok: true as const,
        id: contact._id,
        receipt_number: contact.receipt_number ?? contact._id,
        receipt_mailed: mailed,
        message: mailed ? RECEIVED_MAILED_MESSAGE : RECEIVED_MESSAGE,
      });
    },
  );

  await adminContactRoutes(app, deps);
};

const adminContactRoutes: FastifyPluginAsync<EngagementDeps> = async (app, deps) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['engagement', 'contacts', 'admin'];

  api.get(
    '/api/admin/contacts',
    {
      schema: {
        tags,
        summary: 'Contacts, newest first, with filters',
        querystring: ContactListQuery,
        response: { 200: ContactList },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      const { rows, total, page, pages } = await listContacts(deps, request.query);
      return { ok: true as const, contacts: rows.map(contactSummaryView), total, page, pages };
    },
  );

  api.get(
    '/api/admin/contacts/:id',
    {
      schema: {
        tags,
        summary: 'One contact with its device and thread',
        params: ContactIdParams,
        response: { 200: ContactReply },
      },
    },
    async (request) => {
      await requireAdminCaller(request);
      return { ok: true as const, contact: contactView(await contactById(deps, request.params.id)) };
    },
  );

  api.put(
    '/api/admin/contacts/:id/status',
    {
      schema: {
        tags,
        summary: "Set a contact's status",
        params: ContactIdParams,
        body: ContactStatusBody,
        response: { 200: ContactReply },
      },
    },
    async (request) => {
      const admin = await requireAdminCaller(request);
      return {
        ok: true as const,
        contact: contactView(await setContactStatus(deps, admin.sub, request.params.id, request.body.status)),
      };
    },
  );

  api.post(
    '/api/admin/contacts/:id/reply',
    {
      schema: {
        tags,
        summary: 'Mail a reply to the contact, add it to the thread, mark it answered',
        params: ContactIdParams,
        body: ContactReplyBody,
        response: { 200: ContactReply },
      },
    },
    async (request) => {
      const admin = await requireAdminCaller(request);
      return {
        ok: true as const,
        contact: contactView(await replyToContact(deps, admin.sub, request.params.id, request.body)),
      };
    },
  );

  api.delete(
    '/api/admin/contacts/:id',
    { schema: { tags, summary: 'Delete a contact', params: ContactIdParams, response: { 200: OkBody } } },
    async (request) => {
      const admin = await requireAdminCaller(request);
      await deleteContact(deps, admin.sub, request.params.id);
      return { ok: true as const };
    },
  );
};
