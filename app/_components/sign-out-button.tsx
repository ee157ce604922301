"use client";

import { useState } from "react";

/**
 * Team mode only: "Sign out" ends this browser's session (its cookie stops working, even a copy of it); "Sign out
 * everywhere" ends every browser's session. Both are same-origin POSTs, then back to the sign-in page.
 */
export function SignOutButton() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function signOut(path: "/api/auth/sign-out" | "/api/auth/sign-out-everywhere") {
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(path, { method: "POST" });
      // 401: this browser's session had already ended (say, signed out everywhere from another one)
      if (!response.ok && response.status !== 401) throw new Error(`the server answered ${response.status}`);
      window.location.assign("/sign-in");
    } catch (caught) {
      setError(`Sign-out failed: ${caught instanceof Error ? caught.message : String(caught)}. Try again.`);
      setBusy(false);
    }
  }

  return (
    <div className="ml-auto flex items-center gap-3 text-sm text-slate-600">
      {error && (
        <span role="alert" data-testid="sign-out-error" className="text-red-700">
          {error}
        </span>
      )}
      <button type="button" disabled={busy} onClick={() => signOut("/api/auth/sign-out")} data-testid="sign-out" className="hover:text-slate-900 disabled:opacity-50">
        Sign out
      </button>
      <button
        type="button"
        disabled={busy}
        onClick={() => signOut("/api/auth/sign-out-everywhere")}
        data-testid="sign-out-everywhere"
        title="End every browser's sign-in, this one included (scripts' Bearer token keeps working)"
        className="hover:text-slate-900 disabled:opacity-50"
      >
        Sign out everywhere
      </button>
    </div>
  );
}
