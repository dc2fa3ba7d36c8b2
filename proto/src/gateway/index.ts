import { Type, type Static } from '@sinclair/typebox';

/**
 * GET /api/config: run-time settings the gateway tells the web client. Every
 * field is optional: an unset analytics id loads no analytics, an unset block
 * host blocks nothing, and the admin fields are sent to admins only.
 */
export const ClientConfig = Type.Object({
  analyticsId: Type.Optional(
    Type.String({ description: 'analytics measurement id; the client loads the script only when present' }),
  ),
  devtoolsBlockHost: Type.Optional(
    Type.String({ description: 'the host on which developer-tools shortcuts and the context menu are blocked' }),
  ),
  adminPath: Type.Optional(
    Type.String({ description: 'secret first path segment of the admin console (admins only)' }),
  ),
  adminApiBase: Type.Optional(Type.String({ description: 'base of the admin API (admins only)' })),
  googleSignIn: Type.Optional(
    Type.Boolean({ description: 'true when Google sign-in is configured; the client shows its button only then' }),
  ),
});
export type ClientConfig = Static<typeof ClientConfig>;
