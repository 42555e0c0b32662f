import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type PreloadableLazy<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Loads the component's code; once it is in, rendering the component no longer suspends. */
  preload: () => Promise<unknown>;
};

/**
 * React.lazy that can be loaded ahead of its first render. Once loaded, the lazy's loader answers
 * with an already settled thenable, which React reads at once: the component renders without
 * suspending. The browser hydrating a screen the server rendered needs that (decision 0035): a
 * boundary still waiting for its code while the tree above it updates would throw the server's
 * HTML away and show its fallback.
 */
export function preloadableLazy<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableLazy<P> {
  let loaded: { default: ComponentType<P> } | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = { default: component }),
      (error: unknown) => {
        loading = null; // a failed load (a network glitch, a stale deploy) may be tried again
        throw error;
      },
    );
    return loading;
  };
  const settled = (value: { default: ComponentType<P> }): PromiseLike<{ default: ComponentType<P> }> => ({
    then: (onFulfilled) => (onFulfilled ? onFulfilled(value) : value) as never,
  });
  const component = lazy(() => (loaded ? settled(loaded) : preload()) as Promise<{ default: ComponentType<P> }>);
  return Object.assign(component, { preload });
}
