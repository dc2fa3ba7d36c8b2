import { useState } from 'react';
import type { Character } from '@talkwith/proto/dialogue';
import type { GraphPositions } from '@talkwith/proto/catalog';
import { useUpdateBlockMutation, useUpdateGraphPositionsMutation } from './blocksApi.ts';
import { serverErrorOf } from './serverError.ts';
import { connectPatch, disconnectPatch, edgeField, type ConnectKind } from './transitionEdits.ts';

export interface PendingConnection {
  source: string;
  target: string;
}

/**
 * The graph's own edits, all through the server: a drawn edge (after the
 * chooser) and a deleted one go through the block update, so the cached
 * character changes and the side panel, the list and the graph follow it;
 * moved blocks and 「自動配置」 through the positions route.
 */
export function useGraphEdits(base: string, character: Character, fallback: string) {
  const [update, updating] = useUpdateBlockMutation();
  const [savePositions] = useUpdateGraphPositionsMutation();
  const [pending, setPending] = useState<PendingConnection | null>(null);
  const [error, setError] = useState<string | null>(null);
  const characterId = character.id;
  const blockOf = (id: string) => character.blocks.find((b) => b.id === id);

  const patchBlock = async (blockId: string, patch: ReturnType<typeof connectPatch>): Promise<boolean> => {
    const outcome = await update({ base, characterId, blockId, patch });
    const failed =
      'error' in outcome ? serverErrorOf(outcome.error as Parameters<typeof serverErrorOf>[0], fallback) : null;
    setError(failed?.message ?? null);
    return failed === null;
  };

  /** A drag from a block to a block (a start button's edge is not drawn here): asks the chooser. */
  const requestConnection = (source: string, target: string) => {
    if (!blockOf(source) || !blockOf(target)) return;
    setError(null);
    setPending({ source, target });
  };
  const connect = async (kind: ConnectKind, words: string[]) => {
    const source = pending && blockOf(pending.source);
    if (!pending || !source) return;
    if (await patchBlock(source.id, connectPatch(source, kind, pending.target, words))) setPending(null);
  };
  /** Deleted edges (Delete key or the edge's button): each one's reference leaves its block. */
  const disconnect = async (edges: Array<{ id: string; source: string; target: string }>) => {
    for (const sourceId of new Set(edges.map((e) => e.source))) {
      const start = blockOf(sourceId);
      if (!start) continue;
      // Several edges of one block: one PUT, later hit words removed first so the earlier indexes still hold.
      const fields = edges
        .filter((e) => e.source === sourceId)
        .map((e) => ({ field: edgeField(e.id), target: e.target }))
        .sort((a, b) => (b.field ?? '').localeCompare(a.field ?? '', undefined, { numeric: true }));
      let block = start;
      let patch = {};
      for (const { field, target } of fields) {
        if (!field) continue;
        const step = disconnectPatch(block, field, target);
        block = { ...block, ...step } as typeof block;
        patch = { ...patch, ...step };
      }
      if (Object.keys(patch).length > 0) await patchBlock(sourceId, patch);
    }
  };
  const move = (set: GraphPositions) => {
    void savePositions({ base, characterId, body: { set } });
  };
  const resetLayout = () => savePositions({ base, characterId, body: { reset: true } });

  return {
    pending,
    error,
    busy: updating.isLoading,
    requestConnection,
    connect,
    cancel: () => setPending(null),
    disconnect,
    move,
    resetLayout,
  };
}
