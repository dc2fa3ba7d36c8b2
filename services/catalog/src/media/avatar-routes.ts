import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { requireAdminCaller } from '@talkwith/platform/http';
import { AvatarReply, MediaCharacterParams } from '@talkwith/proto/catalog';
import { AVATAR_MAX_BYTES, storeAvatar } from './avatar.ts';
import { requireCharacter, type MediaContext } from './context.ts';
import { receiveUpload } from './receive-upload.ts';
import { withUploadSlot } from './upload-slots.ts';

/** The character's avatar image with its WebP renditions (SPEC §9 widths). */
export function registerAvatarRoutes(app: FastifyInstance, ctx: MediaContext): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.post(
    '/api/admin/characters/:character_id/avatar_upload',
    {
      schema: {
        tags: ['catalog', 'admin'],
        summary: 'Upload the avatar (PNG/JPEG/WebP ≤ 10 MB) and make its WebP renditions',
        description: 'multipart/form-data with one `file` part',
        consumes: ['multipart/form-data'],
        params: MediaCharacterParams,
        response: { 200: AvatarReply },
      },
    },
    async (request) => {
      const caller = await requireAdminCaller(request);
      await requireCharacter(ctx, request.params.character_id);
      return withUploadSlot(ctx, caller.sub, async () => {
        // An avatar is at most 10 MB: read whole, since the image library needs all of it anyway.
        const { result } = await receiveUpload(
          request,
          AVATAR_MAX_BYTES,
          (_fields, part) => part.toBuffer(),
          async () => {},
        );
        return { ok: true as const, ...(await storeAvatar(ctx, caller.sub, request.params.character_id, result)) };
      });
    },
  );
}
