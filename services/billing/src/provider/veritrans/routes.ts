/** Where the shopper's browser is sent for 3-D Secure with VeriTrans4G: the HTML VeriTrans4G answered, as it gave it. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { type DocumentStore } from '@talkwith/platform';
import { HtmlPage, SandboxChallengeParams } from '@talkwith/proto/billing';
import { VERITRANS_CHALLENGES, type ChallengeDoc } from './adapter.ts';
import { purchaseErrors } from '../../errors.ts';

export async function veritransPages(app: FastifyInstance, { store }: { store: DocumentStore }): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/payment/veritrans/challenge/:order_id',
    {
      schema: {
        tags: ['billing'],
        summary: 'VeriTrans4G 3-D Secure: the page that leads the browser to the card issuer',
        params: SandboxChallengeParams,
        response: { 200: HtmlPage },
      },
    },
    async (request, reply) => {
      const challenge = await store
        .collection<ChallengeDoc>(VERITRANS_CHALLENGES)
        .findOne({ _id: request.params.order_id });
      if (!challenge) throw purchaseErrors.challengeNotFound();
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(challenge.html);
    },
  );
}
