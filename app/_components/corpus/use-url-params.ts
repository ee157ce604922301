"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";

/**
 * The page URL's values of `keys` (absent: ""), and a setter that writes a change back to the URL (replace, not a
 * new history entry; no scroll), so a filtered view or a search is a link that can be shared or reloaded. Other
 * parameters of the URL are kept.
 */
export function useUrlParams<const Key extends string>(keys: readonly Key[]): [Record<Key, string>, (patch: Partial<Record<Key, string | null>>) => void] {
  const searchParams = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const serialized = searchParams.toString();
  const values = useMemo(() => {
    const params = new URLSearchParams(serialized);
    return Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ""])) as Record<Key, string>;
    // keys is a constant list at every call site
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serialized]);
  const update = useCallback(
    (patch: Partial<Record<Key, string | null>>) => {
      const params = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(patch) as [Key, string | null | undefined][]) {
        if (value === null || value === undefined || value === "") params.delete(key);
        else params.set(key, value);
      }
      const query = params.toString();
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [router, pathname],
  );
  return [values, update];
}
