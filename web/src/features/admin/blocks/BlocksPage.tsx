import { useEffect, useMemo, useRef, useState } from 'react';
import { useLeaveGuard } from '../useLeaveGuard.ts';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { validateCharacter } from '@talkwith/dialogue-engine';
import type { Character } from '@talkwith/proto/dialogue';
import type { GraphPositions } from '@talkwith/proto/catalog';
import { useAdminBase } from '../AdminBase.tsx';
import { CharacterNav } from '../characters/CharacterNav.tsx';
import { ADMIN_NS } from '../i18n.ts';
import type { FocusRequest } from './BlockGraph.tsx';
import { BlockList } from './BlockList.tsx';
import { BlockPanel } from './BlockPanel.tsx';
import { BlockSearch } from './BlockSearch.tsx';
import { useBlockEditorCharacterQuery } from './blocksApi.ts';
import { ConnectChooser } from './ConnectChooser.tsx';
import { PanelResizer, useFillHeight, usePanelWidth } from './editorLayout.tsx';
import { FaultList } from './FaultList.tsx';
import { characterGraph } from './graphModel.ts';
import { serverErrorOf } from './serverError.ts';
import { useGraphEdits } from './useGraphEdits.ts';
import { useGraphModule } from './useGraphModule.ts';
import { TrafficLegend } from '../insight/TrafficLegend.tsx';
import { useTraffic } from '../insight/useTraffic.ts';
import './blocks.css';

/**
 * `characters/:characterId/blocks` (graph or list, `?block=` opens a block in
 * the side panel, `?view=list`) and `.../blocks/new` (the panel for a new block).
 * Faults are computed here with the engine's validateCharacter on the draft as
 * it is now, so they follow each edit without a round trip.
 */
export default function BlocksPage({ creating = false }: { creating?: boolean }) {
  const { t } = useTranslation(ADMIN_NS);
  const { characterId = '' } = useParams();
  const { apiBase } = useAdminBase();
  const query = useBlockEditorCharacterQuery({ base: apiBase, characterId });
  // The canvas (xyflow) is a chunk of its own, fetched beside the character; the list view never loads it.
  const [params] = useSearchParams();
  const graphModule = useGraphModule(params.get('view') !== 'list');
  let body;
  if (query.isLoading) body = <p className="muted">{t('blocks.loading')}</p>;
  else if (!query.data)
    body = (
      <p className="notice notice--error" role="alert">
        {serverErrorOf(query.error, t('blocks.loadFailed'))?.message ?? t('blocks.loadFailed')}
      </p>
    );
  else
    body = (
      <BlockEditor
        character={query.data.character}
        positions={query.data.positions}
        creating={creating}
        graphModule={graphModule}
      />
    );
  // The same trail and tabs as the character's other screens, so 初期設定 and 基本情報 are one click away.
  return (
    <div className="bg-host">
      <CharacterNav characterId={characterId} name={query.data?.character.name} />
      {body}
    </div>
  );
}

/** Where the side panel becomes a bottom sheet (blocks.css). */
const PHONE = '(max-width: 760px)';

interface EditorProps {
  character: Character;
  positions: GraphPositions | undefined;
  creating: boolean;
  graphModule: ReturnType<typeof useGraphModule>;
}

function BlockEditor({ character, positions, creating, graphModule }: EditorProps) {
  const { t } = useTranslation(ADMIN_NS);
  const { apiBase, basePath } = useAdminBase();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const seq = useRef(0);
  const graph = useMemo(() => characterGraph(character, validateCharacter(character)), [character]);
  const root = `${basePath}/characters/${encodeURIComponent(character.id)}/blocks`;
  const view = params.get('view') === 'list' ? 'list' : 'graph';
  const selectedId = creating ? null : params.get('block');
  const selected = character.blocks.find((b) => b.id === selectedId) ?? null;
  const [trafficOn, setTrafficOn] = useState(false);
  const traffic = useTraffic(character.id, trafficOn && view === 'graph');
  const edits = useGraphEdits(apiBase, character, t('blocks.connect.failed'));
  const fill = useFillHeight<HTMLDivElement>();
  const [panelWidth, setPanelWidth] = usePanelWidth();
  const titleOf = (id: string) => character.blocks.find((b) => b.id === id)?.title || id;
  // On a phone the panel is a sheet over the lower half: bring the graph to the top so it stays in sight above it.
  const panelOpen = !!(selectedId || creating);
  useEffect(() => {
    if (panelOpen && window.matchMedia?.(PHONE).matches) fill.ref.current?.scrollIntoView({ block: 'start' });
  }, [panelOpen, fill.ref]);

  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes))
      if (value === null) next.delete(key);
      else next.set(key, value);
    return next;
  };
  // Unsaved edits in the side panel: asked about before another block, closing, or any link.
  const [dirty, setDirty] = useState(false);
  const { confirmLeave } = useLeaveGuard(dirty);
  const open = (id: string | null) => setParams(withParams({ block: id }), { replace: true });
  const select = (id: string | null) => {
    if (id !== selectedId && confirmLeave()) open(id);
  };
  const show = (id: string) => {
    if (id !== selectedId && !confirmLeave()) return;
    open(id);
    seq.current += 1;
    setFocus({ id, seq: seq.current });
  };
  const close = (gone = false) => {
    if (!gone && !confirmLeave()) return;
    if (creating) navigate(root);
    else open(null);
  };

  return (
    <div className="bg-page">
      <div className="bg-toolbar">
        <nav className="tabs bg-toolbar__tabs" aria-label={t('blocks.title')}>
          <Link
            className={view === 'graph' ? 'tabs__tab active' : 'tabs__tab'}
            to={`${root}?${withParams({ view: null })}`}
          >
            {t('blocks.tab.graph')}
          </Link>
          <Link
            className={view === 'list' ? 'tabs__tab active' : 'tabs__tab'}
            to={`${root}?${withParams({ view: 'list' })}`}
          >
            {t('blocks.tab.list')}
          </Link>
        </nav>
        <BlockSearch character={character} onPick={show} />
        {view === 'graph' && (
          <button
            type="button"
            className={`btn btn--small ${trafficOn ? 'btn--primary' : 'btn--ghost'}`}
            aria-pressed={trafficOn}
            onClick={() => setTrafficOn(!trafficOn)}
          >
            {t('insight.traffic.toggle')}
          </button>
        )}
        <Link className="btn btn--primary btn--small" to={`${root}/new`}>
          {t('blocks.add')}
        </Link>
      </div>
      {trafficOn && view === 'graph' && <TrafficLegend {...traffic} />}
      <FaultList graph={graph} onFocus={show} />
      <div
        ref={fill.ref}
        className={selected || creating ? 'bg-editor bg-editor--panel' : 'bg-editor'}
        style={{ height: fill.height, ['--bg-panel-width' as string]: `${panelWidth}px` }}
      >
        <div className="bg-editor__main">
          {view === 'graph' ? (
            graphModule ? (
              <graphModule.default
                graph={graph}
                selectedId={selectedId}
                focus={focus}
                onSelect={select}
                traffic={traffic.style}
                stored={positions}
                edits={{
                  onConnect: edits.requestConnection,
                  onEdgesDelete: (e) => {
                    void edits.disconnect(e);
                  },
                  onMoved: edits.move,
                  onAutoLayout: edits.resetLayout,
                }}
              />
            ) : (
              <p className="muted">{t('blocks.loading')}</p>
            )
          ) : (
            <BlockList base={apiBase} character={character} graph={graph} onSelect={select} />
          )}
          {edits.pending && (
            <ConnectChooser
              sourceTitle={titleOf(edits.pending.source)}
              targetTitle={titleOf(edits.pending.target)}
              busy={edits.busy}
              error={edits.error}
              onPick={(kind, words) => {
                void edits.connect(kind, words);
              }}
              onCancel={edits.cancel}
            />
          )}
          {!edits.pending && edits.error && (
            <p className="notice notice--error bg-editor__error" role="alert">
              {edits.error}
            </p>
          )}
        </div>
        {(selected || creating) && <PanelResizer width={panelWidth} onResize={setPanelWidth} />}
        {(selected || creating) && (
          <BlockPanel
            key={creating ? '#new' : selected?.id}
            base={apiBase}
            character={character}
            block={creating ? null : selected}
            onClose={close}
            onDirtyChange={setDirty}
            onSaved={(id) => {
              if (creating) navigate(`${root}?block=${encodeURIComponent(id)}`);
            }}
          />
        )}
      </div>
    </div>
  );
}
