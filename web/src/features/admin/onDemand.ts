import { useEffect, useState } from 'react';

/**
 * A code-split module fetched on demand and rendered the moment its chunk is
 * in. Not React.lazy + Suspense: React 19 holds back the reveal of a suspended
 * boundary until 300 ms after its fallback appeared (react-dom's fallback
 * throttle), and a lazy component suspends on its first render even when its
 * chunk arrives 20 ms later: the admin console and the block graph canvas
 * each lost most of those 300 ms to it.
 */
export interface OnDemandModule<M> {
  /** Starts fetching the chunk once; later calls share the same download. */
  load: () => Promise<M>;
  /** The module once its chunk is in (fetched as soon as `wanted`); a failed fetch is thrown to the nearest error boundary, as React.lazy did. */
  useModule: (wanted: boolean) => M | undefined;
}

export function onDemandModule<M>(importer: () => Promise<M>): OnDemandModule<M> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  const load = (): Promise<M> => {
    loading ??= importer().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      }, // a later call tries again
    );
    return loading;
  };
  function useModule(wanted: boolean): M | undefined {
    const [module, setModule] = useState(loaded);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (!wanted || module) return;
      let live = true;
      load().then(
        (m) => {
          if (live) setModule(() => m);
        },
        (error: unknown) => {
          if (live) setFailure({ error });
        },
      );
      return () => {
        live = false;
      };
    }, [wanted, module]);
    if (failure) throw failure.error;
    return module;
  }
  return { load, useModule };
}
