import type { CopyPreviewReply, CopyReply } from '@talkwith/proto/catalog';
import { api } from '../../../api/index.ts';
import { adminUrl } from '../adminApi.ts';

/** Where the blocks go: chosen characters (characterBlockCopy), or every character of a category (copy/{category_id}). */
export type CopyTargets = { kind: 'characters'; ids: string[] } | { kind: 'category'; id: string };

export interface CopyRequest {
  base: string;
  characterId: string;
  blockIds: string[];
  targets: CopyTargets;
}

/** The copy call and its dry run share the path and body; the preview adds `/preview`. */
function copyCall({ base, characterId, blockIds, targets }: CopyRequest, preview: boolean) {
  const suffix = preview ? '/preview' : '';
  if (targets.kind === 'category')
    return {
      url: adminUrl(base, `blocks/copy/${encodeURIComponent(targets.id)}${suffix}`),
      method: 'POST',
      body: { character_id: characterId, block_ids: blockIds },
    };
  return {
    url: adminUrl(base, `blocks/characterBlockCopy${suffix}`),
    method: 'POST',
    body: { character_id: characterId, copy_target_character_ids: targets.ids, block_ids: blockIds },
  };
}

const withTags = api.enhanceEndpoints({ addTagTypes: ['AdminBlockEditor', 'AdminCharacter', 'AdminFaults'] });

/**
 * Copying blocks to other characters (services/catalog/API.md): the server
 * plans the copy (what each target gets, collisions, transitions that lead
 * outside the copied set) and the console only shows that plan before the copy.
 */
export const blockCopyApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    adminCopyPreview: build.mutation<CopyPreviewReply, CopyRequest>({ query: (arg) => copyCall(arg, true) }),
    adminCopyBlocks: build.mutation<CopyReply, CopyRequest>({
      query: (arg) => copyCall(arg, false),
      // The targets' block editors and drafts changed.
      invalidatesTags: ['AdminBlockEditor', 'AdminCharacter', 'AdminFaults'],
    }),
  }),
});

export const { useAdminCopyPreviewMutation, useAdminCopyBlocksMutation } = blockCopyApi;
