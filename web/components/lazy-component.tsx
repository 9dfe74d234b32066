import { type ComponentType, use } from 'react';

export type LazyComponent<P> = ComponentType<P> & {
  /** Starts loading the code (on hover or focus of what opens it, say); the same promise every time. */
  preload(): Promise<void>;
};

/**
 * A component whose code is a chunk of its own in the browser, loaded when it first renders (or on
 * `preload()`); until then it suspends, up to the nearest <Suspense> (none: while hydrating, React
 * keeps the server's HTML until the chunk is there; on a client-side navigation the previous page
 * stays). The server loads every such module when it starts, so a server render never waits for
 * one: the page arrives complete, without the fallback-and-swap of React.lazy in a stream.
 *
 *   const FormBlock = lazyComponent(() => import('./Form/View').then((module) => module.FormBlock));
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    loading ??= load().then((component) => {
      loaded = component;
    });
    return loading;
  };
  if (import.meta.env.SSR) void preload();
  function Lazy(props: P) {
    if (!loaded) use(preload());
    const Component = loaded as ComponentType<P>;
    return <Component {...props} />;
  }
  return Object.assign(Lazy, { preload });
}
