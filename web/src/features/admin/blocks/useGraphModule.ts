import type BlockGraph from './BlockGraph.tsx';
import { onDemandModule } from '../onDemand.ts';

/** What the canvas chunk exports that the page renders (a type-only import: the chunk stays separate). */
interface GraphModule {
  default: typeof BlockGraph;
}

/**
 * The canvas chunk (xyflow), fetched beside the character: call the hook (or
 * `loadGraphModule`) before the character arrives so the two downloads overlap.
 */
const graphModule = onDemandModule<GraphModule>(() => import('./BlockGraph.tsx'));

export const loadGraphModule = graphModule.load;
export const useGraphModule = graphModule.useModule;
