import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Background,
  Controls,
  MiniMap,
  Panel,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  useStore,
  type Edge,
  type EdgeChange,
  type Node,
  type NodeChange,
} from '@xyflow/react';
import type { GraphPositions } from '@talkwith/proto/catalog';
import '@xyflow/react/dist/style.css';
import { useTranslation } from 'react-i18next';
import { ADMIN_NS } from '../i18n.ts';
import { nodeTypes } from './BlockNode.tsx';
import { EDGE_KINDS, type CharacterGraph } from './graphModel.ts';
import { useFlowEdges } from './flowEdges.ts';
import { GraphLegend } from './GraphLegend.tsx';
import { edgeTypes } from './TransitionEdge.tsx';
import { useViewArea } from './viewArea.ts';
import { nodeLook, type TrafficStyle } from '../insight/trafficStyle.ts';
import {
  extendLayout,
  layoutGraph,
  NODE_HEIGHT,
  NODE_WIDTH,
  START_HEIGHT,
  START_WIDTH,
  type Positions,
} from './layout.ts';

/**
 * The graph editor's canvas (its own lazy chunk: xyflow and dagre load only
 * here). Laid out once; later changes keep every known position (layout.ts
 * extendLayout) so an edit never makes the graph jump. Only the elements in
 * view are rendered, so a 500-block character pans smoothly.
 */
export interface FocusRequest {
  id: string;
  seq: number;
}
interface Props {
  graph: CharacterGraph;
  selectedId: string | null;
  focus: FocusRequest | null;
  onSelect: (id: string) => void;
  /** The 「トラフィック表示」 overlay (insight/); undefined when off, and then nothing of it is computed. */
  traffic?: TrafficStyle;
  /** Where the operator put blocks (kept with the draft); they win over the automatic layout. */
  stored?: GraphPositions;
  /** The graph as an editor (useGraphEdits): absent, the canvas only shows. */
  edits?: GraphEditHandlers;
  /** The least zoom a focus request moves to (a small canvas, like the simulator's, wants the neighbours in view too). */
  focusZoom?: number;
}

export interface GraphEditHandlers {
  /** A drag from one node's handle to another's: the page asks which kind of transition. */
  onConnect: (source: string, target: string) => void;
  onEdgesDelete: (edges: Array<{ id: string; source: string; target: string }>) => void;
  /** Blocks dropped after a drag, with their new top-left corners. */
  onMoved: (positions: GraphPositions) => void;
  /** 「自動配置」: forget the stored positions; the canvas lays everything out again once it resolves. */
  onAutoLayout: () => Promise<unknown>;
}

/** The performance mark the bench (scripts/bench/block-graph.ts) waits for: laid out and the nodes painted. */
export const PAINTED_MARK = 'block-graph:painted';
/** How long each layout took (measured for the bench and the performance panel). */
export const LAYOUT_MEASURE = 'block-graph:layout';
/** The first view shows where a conversation starts (a start button, its block and where that leads) at a readable size, not 500 blocks as dots. */
function firstViewNodes(graph: CharacterGraph): Array<{ id: string }> {
  const entry = graph.edges.find((e) => e.kind === 'start');
  const ids = entry
    ? [entry.source, entry.target, ...graph.edges.filter((e) => e.source === entry.target).map((e) => e.target)]
    : graph.nodes.slice(0, 8).map((n) => n.id);
  return [...new Set(ids)].map((id) => ({ id }));
}

function useStablePositions(
  graph: CharacterGraph,
  stored: GraphPositions | undefined,
  layoutRound: number,
): [Positions, (changes: NodeChange[]) => void] {
  const previous = useRef<{ round: number; positions: Positions } | null>(null);
  const [moved, setMoved] = useState<Positions>(new Map());
  const positions = useMemo(() => {
    const started = performance.now();
    // A new round (「自動配置」) lays the graph out afresh; otherwise known nodes keep their place.
    const known = previous.current?.round === layoutRound ? previous.current.positions : null;
    const next = known ? extendLayout(known, graph.nodes, graph.edges) : layoutGraph(graph.nodes, graph.edges);
    performance.measure(LAYOUT_MEASURE, { start: started });
    previous.current = { round: layoutRound, positions: next };
    return next;
  }, [graph, layoutRound]);
  useEffect(() => {
    setMoved(new Map());
  }, [layoutRound]);
  const onNodesChange = (changes: NodeChange[]) => {
    const drags = changes.filter((c) => c.type === 'position' && c.position);
    if (drags.length === 0) return;
    setMoved((m) => {
      const next = new Map(m);
      for (const c of drags) if (c.type === 'position' && c.position) next.set(c.id, c.position);
      return next;
    });
  };
  // What the operator put (stored with the draft, then dragged just now) wins over the layout.
  const merged = useMemo(() => {
    const kept = Object.entries(stored ?? {});
    return moved.size === 0 && kept.length === 0 ? positions : new Map([...positions, ...kept, ...moved]);
  }, [positions, stored, moved]);
  return [merged, onNodesChange];
}

/** Marks the first frame in which the nodes in view are on screen (xyflow hides a node until it has its size). */
function PaintedMark() {
  const domNode = useStore((s) => s.domNode);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      const shown = [...(domNode?.querySelectorAll<HTMLElement>('.react-flow__node') ?? [])];
      if (shown.length > 0 && shown.every((el) => el.style.visibility !== 'hidden')) {
        frame = requestAnimationFrame(() => performance.mark(PAINTED_MARK));
        return;
      }
      frame = requestAnimationFrame(check);
    };
    frame = requestAnimationFrame(check);
    return () => cancelAnimationFrame(frame);
  }, [domNode]);
  return null;
}

/** The edge the operator clicked (xyflow asks a controlled graph to keep selection itself). */
function useSelectedEdge(): [string | null, (changes: EdgeChange[]) => void] {
  const [selectedEdge, setSelectedEdge] = useState<string | null>(null);
  const onEdgesChange = (changes: EdgeChange[]) => {
    for (const c of changes) {
      if (c.type === 'select') setSelectedEdge((now) => (c.selected ? c.id : now === c.id ? null : now));
      if (c.type === 'remove') setSelectedEdge((now) => (now === c.id ? null : now));
    }
  };
  return [selectedEdge, onEdgesChange];
}

function Canvas({ graph, selectedId, focus, onSelect, traffic, stored, edits, focusZoom = 0.9 }: Props) {
  const { t } = useTranslation(ADMIN_NS);
  const flow = useReactFlow();
  const [layoutRound, setLayoutRound] = useState(0);
  const [positions, onNodesChange] = useStablePositions(graph, stored, layoutRound);
  const [selectedEdge, onEdgesChange] = useSelectedEdge();
  // A small character fits the canvas: its minimap would only cover nodes. A large one starts with it (foldable).
  const [minimapOpen, setMinimapOpen] = useState(graph.nodes.length > MINIMAP_FROM);
  const nodes: Node[] = useMemo(
    () =>
      graph.nodes.map((n) => ({
        // Nodes are never deleted from the canvas (Delete on a selected node would also take its edges).
        id: n.id,
        type: n.data.kind,
        data: n.data,
        position: positions.get(n.id) ?? { x: 0, y: 0 },
        selected: n.id === selectedId,
        deletable: false,
        // Known sizes: the minimap and the culling of off-screen nodes need no measuring first.
        ...(n.data.kind === 'start'
          ? { selectable: false, width: START_WIDTH, height: START_HEIGHT }
          : { width: NODE_WIDTH, height: NODE_HEIGHT }),
        ...(traffic && n.data.kind === 'block' ? nodeLook(traffic, n.id) : {}),
      })),
    [graph, positions, selectedId, traffic],
  );
  const nearEdges = useFlowEdges(graph, positions, useViewArea(), t, traffic);
  const edges: Edge[] = useMemo(
    () => (selectedEdge ? nearEdges.map((e) => (e.id === selectedEdge ? { ...e, selected: true } : e)) : nearEdges),
    [nearEdges, selectedEdge],
  );
  const firstView = useMemo(() => ({ nodes: firstViewNodes(graph), maxZoom: 1, minZoom: 0.6, padding: 0.15 }), [graph]);
  const autoLayout = async () => {
    await edits?.onAutoLayout();
    setLayoutRound((r) => r + 1);
  };

  useEffect(() => {
    const at = focus ? positions.get(focus.id) : undefined;
    if (at)
      void flow.setCenter(at.x + NODE_WIDTH / 2, at.y + NODE_HEIGHT / 2, {
        zoom: Math.max(flow.getZoom(), focusZoom),
        duration: 300,
      });
  }, [focus]); // only a new request moves the view (not a re-layout or a zoom)

  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      edgeTypes={edgeTypes}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      onNodeClick={(_e, node) => {
        if (node.type === 'block') onSelect(node.id);
      }}
      onConnect={(c) => edits?.onConnect(c.source, c.target)}
      onEdgesDelete={(deleted) =>
        edits?.onEdgesDelete(deleted.map(({ id, source, target }) => ({ id, source, target })))
      }
      onNodeDragStop={(_e, _node, dragged) =>
        edits?.onMoved(
          Object.fromEntries(dragged.filter((n) => n.type === 'block').map((n) => [n.id, roundedPosition(n.position)])),
        )
      }
      deleteKeyCode={edits ? ['Delete', 'Backspace'] : null}
      onlyRenderVisibleElements
      fitView
      fitViewOptions={firstView}
      minZoom={0.05}
      maxZoom={2}
      nodesConnectable={!!edits}
      nodesDraggable
      elementsSelectable
      proOptions={{ hideAttribution: true }}
    >
      <Background gap={24} />
      <Controls showInteractive={false} fitViewOptions={{ padding: 0.1 }} position="bottom-left" />
      {minimapOpen && (
        <MiniMap
          pannable
          zoomable
          position="bottom-right"
          nodeColor={(n) =>
            n.type === 'start'
              ? EDGE_KINDS.start
              : (n.data as { faults?: unknown[] }).faults?.length
                ? '#dc2626'
                : '#c7cbe0'
          }
        />
      )}
      <Panel position="top-left" className="bg-canvas-tools">
        {edits && (
          <button
            type="button"
            className="btn btn--ghost btn--small"
            onClick={() => {
              void autoLayout();
            }}
          >
            {t('blocks.autoLayout')}
          </button>
        )}
        <button
          type="button"
          className="btn btn--ghost btn--small"
          aria-pressed={minimapOpen}
          onClick={() => setMinimapOpen(!minimapOpen)}
        >
          {t('blocks.minimap')}
        </button>
      </Panel>
      <GraphLegend />
      <PaintedMark />
    </ReactFlow>
  );
}

const MINIMAP_FROM = 40;

/** Whole canvas units: a position is stored as the operator sees it, without float noise. */
const roundedPosition = (p: { x: number; y: number }) => ({ x: Math.round(p.x), y: Math.round(p.y) });

export default function BlockGraph(props: Props) {
  return (
    <ReactFlowProvider>
      <Canvas {...props} />
    </ReactFlowProvider>
  );
}
