"use client";

import { useCallback, useState, type SetStateAction } from "react";

/** Values by key for as long as the tab lives (client-side navigation keeps this module; a reload starts afresh). */
const rememberedByKey = new Map<string, unknown>();

/**
 * `useState` whose value outlives the component: opening a row's run in the playground and coming back finds the
 * configurations and the results as they were, instead of a blank page. Kept in memory only — results hold
 * transcript-derived figures and a typed API key may sit in the options, neither of which belongs in storage.
 */
export function useRememberedState<T>(
  key: string,
  initial: T | (() => T),
  /** adjusts a remembered value when a component picks it up again (a run that was going is no longer) */
  restore?: (remembered: T) => T,
): [T, (value: SetStateAction<T>) => void] {
  const [value, setValue] = useState<T>(() => {
    if (rememberedByKey.has(key)) {
      const remembered = rememberedByKey.get(key) as T;
      return restore ? restore(remembered) : remembered;
    }
    return typeof initial === "function" ? (initial as () => T)() : initial;
  });
  const set = useCallback(
    (next: SetStateAction<T>) =>
      setValue((current) => {
        const resolved = typeof next === "function" ? (next as (previous: T) => T)(current) : next;
        rememberedByKey.set(key, resolved);
        return resolved;
      }),
    [key],
  );
  return [value, set];
}
