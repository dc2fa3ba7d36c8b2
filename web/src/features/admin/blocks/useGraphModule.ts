import { useEffect, useState } from 'react';
import type BlockGraph from './BlockGraph.tsx';

/** What the canvas chunk exports that the page renders (a type-only import: the chunk stays separate). */
interface GraphModule { default: typeof BlockGraph }

let loaded: GraphModule | undefined;
let loading: Promise<GraphModule> | undefined;

/** Starts fetching the canvas chunk (xyflow) once; later calls share the same download. */
export function loadGraphModule(): Promise<GraphModule> {
  loading ??= import('./BlockGraph.tsx').then((module) => (loaded = module));
  return loading;
}

/**
 * The canvas module, once its chunk is in. Not React.lazy + Suspense: React 19
 * holds back the reveal of a suspended boundary for up to 300 ms, which was a
 * third of the editor's load time; this renders the canvas the moment both the
 * chunk and the character are there. Call it before the character arrives so
 * the two downloads overlap.
 */
export function useGraphModule(wanted: boolean): GraphModule | undefined {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    void loadGraphModule().then((m) => { if (live) setModule(m); });
    return () => { live = false; };
  }, [wanted, module]);
  return module;
}
