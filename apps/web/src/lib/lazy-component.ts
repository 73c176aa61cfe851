/**
 * `React.lazy` for a part of a page the server draws (ADR 0073). React leaves every server-drawn
 * Suspense boundary to hydrate in a later pass; if the lazy part inside has not resolved by then and
 * its parent re-renders first, React throws the server's HTML away and draws the part again on the
 * client (a flash, and the most expensive task of the start-up). Once `preload()` has loaded the
 * module, the component resolves synchronously (React.lazy reads a thenable that calls back at
 * once), so hydration never waits for it. Before that it is plain React.lazy.
 *
 * `preload()` is idempotent; after a failed load the next call (or render) tries again.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from "react";

type Module<P> = { default: ComponentType<P> };

export type PreloadableComponent<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Loads the module (once); resolves when later renders will not suspend. */
  preload: () => Promise<Module<P>>;
};

// biome-ignore lint/suspicious/noExplicitAny: the props type is inferred from the loaded module, as React.lazy does
export function lazyComponent<P = any>(load: () => Promise<Module<P>>): PreloadableComponent<P> {
  let loaded: Module<P> | undefined;
  let pending: Promise<Module<P>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (m) => {
        loaded = m;
        return m;
      },
      (err: unknown) => {
        pending = undefined;
        throw err;
      },
    ));
  const Component = lazy(() => {
    if (!loaded) return preload();
    const done = loaded;
    // A thenable that calls back synchronously: React.lazy marks the component resolved at once.
    // biome-ignore lint/suspicious/noThenProperty: a synchronous thenable is the point here
    return { then: (resolve: (m: Module<P>) => void) => resolve(done) } as unknown as Promise<Module<P>>;
  });
  return Object.assign(Component, { preload });
}
