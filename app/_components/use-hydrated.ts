import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and in the render that hydrates its HTML, true after (and in any render on the client that is
 * not hydrating): for what may only be shown in the browser, such as a time in the viewer's time zone, which the
 * server (in its own zone) would render differently and so break hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
