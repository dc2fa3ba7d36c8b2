import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessCaller, DocumentStore, Entitlements } from '@talkwith/platform';
import { ANONYMOUS_MEDIA_USER, type MediaSigning } from '@talkwith/platform';
import { requireCaller } from '@talkwith/platform/http';
import type { CharacterAccess } from '@talkwith/proto/catalog';
import type { Character } from '../characters.ts';
import type { Serving } from '../playable.ts';
import { lockedBlocksFor } from '../serial-gates.ts';

/**
 * The caller of a public route, when it sent a token: entitlements and the
 * serial-locked blocks it unlocked depend on it. A token that does not verify
 * is 401 (the client refreshes and retries), not a silent anonymous view.
 */
export async function optionalCaller(request: FastifyRequest): Promise<AccessCaller | undefined> {
  if (!request.headers.authorization) return undefined;
  return requireCaller(request);
}

export interface ServingDeps {
  store: DocumentStore;
  entitlements: Entitlements;
  signing: MediaSigning;
  /** Where the files route is mounted: the media cookie's path. */
  filesPrefix: string;
}

/**
 * How this caller is served this character (API.md § Serving a character):
 * whole or preview (the platform's accessOf), and its media public (free)
 * or signed for the caller for about 3 hours (priced). A signed-in caller of
 * a priced character gets the media cookie that proves them to the files route.
 */
export async function servingFor(
  deps: ServingDeps,
  c: Character,
  caller: AccessCaller | undefined,
  ticketUseToken: string | undefined,
  reply: FastifyReply,
): Promise<Serving> {
  const price = c.price ?? 0;
  const access = await deps.entitlements.accessOf(deps.store, {
    character: { id: c._id, price, group_id: c.group_id ?? null },
    caller,
    ticketUseToken,
  });
  const served: CharacterAccess = access === 'none' ? 'preview' : access;
  const locked = await lockedBlocksFor(deps.store, c._id, caller?.sub);
  if (price <= 0) return { access: served, locked, media: {} };
  const expiresAt = deps.signing.expiryFrom();
  if (caller) reply.header('set-cookie', deps.signing.userCookie(caller.sub, { path: deps.filesPrefix }));
  reply.header('cache-control', 'private, no-store');
  return { access: served, locked, media: { signedFor: { user: caller?.sub ?? ANONYMOUS_MEDIA_USER, expiresAt } } };
}
