import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicCharacter as Character } from '@talkwith/proto/dialogue';
import { characterGraph } from '../blocks/graphModel.ts';
import { useGraphModule } from '../blocks/useGraphModule.ts';
import { ADMIN_NS } from '../i18n.ts';

interface Props {
  character: Character;
  /** The block the talk is in now (the player's runtime); null before it starts. */
  blockId: string | null;
}

const ignoreClick = () => undefined;

/**
 * The block graph of the draft, read-only, with the block the talk is in
 * highlighted and brought into view each time it changes. The canvas is the
 * block editor's own chunk (xyflow), fetched when the simulator opens.
 */
export function SimulatorGraph({ character, blockId }: Props) {
  const { t } = useTranslation(ADMIN_NS);
  const graphModule = useGraphModule(true);
  // No faults drawn: the editor shows them; here the graph only says where the talk is.
  const graph = useMemo(() => characterGraph(character, []), [character]);
  // A new request object per block: the canvas centres on each block the talk enters.
  const focus = useMemo(() => (blockId ? { id: blockId, seq: 0 } : null), [blockId]);
  return (
    <section className="sim__graph" aria-label={t('simulator.graph')} data-current-block={blockId ?? ''}>
      {graphModule ? (
        <graphModule.default graph={graph} selectedId={blockId} focus={focus} onSelect={ignoreClick} focusZoom={0.6} />
      ) : (
        <p className="muted">{t('simulator.graphLoading')}</p>
      )}
    </section>
  );
}
