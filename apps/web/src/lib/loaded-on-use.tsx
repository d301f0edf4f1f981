import { type ComponentType, lazy, Suspense } from 'react';

/**
 * A component whose code loads the first time it is drawn, not with the first page: `load`
 * imports its module. Until the code is in, it draws nothing (its own Suspense boundary, so
 * the page around it stays on screen).
 */
export function loadedOnUse<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Loaded = lazy(async () => ({ default: await load() }));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per component at module level, never while rendering, so each keeps one identity.
  return function LoadedOnUse(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
