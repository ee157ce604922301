"use client";

import { createContext, useContext, useState, type ReactNode } from "react";

/**
 * Virtualized rows unmount when scrolled away; this keeps what the reader opened or expanded (keyed by
 * message and part) so a row comes back the way it was left.
 */
const ToggleMemoryContext = createContext<Map<string, boolean> | null>(null);

export function ToggleMemoryProvider({ children }: { children: ReactNode }) {
  const [memory] = useState(() => new Map<string, boolean>());
  return <ToggleMemoryContext.Provider value={memory}>{children}</ToggleMemoryContext.Provider>;
}

export function useRememberedToggle(key: string, initial: boolean): [boolean, () => void] {
  const memory = useContext(ToggleMemoryContext);
  const [open, setOpen] = useState(() => memory?.get(key) ?? initial);
  const toggle = () => {
    const next = !open;
    memory?.set(key, next);
    setOpen(next);
  };
  return [open, toggle];
}
