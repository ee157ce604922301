"use client";

import { useState, type FormEvent } from "react";

/** Posts the token to /api/auth/sign-in; on success the server has set the HttpOnly cookie and we go on to `next`. */
export function SignInForm({ next }: { next: string }) {
  const [token, setToken] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const response = await fetch("/api/auth/sign-in", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token }),
      });
      if (response.ok) {
        window.location.assign(next);
        return;
      }
      const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
      setError(body?.error?.message ?? `Sign-in failed (HTTP ${response.status}).`);
    } catch (caught) {
      setError(`The lab did not answer: ${caught instanceof Error ? caught.message : String(caught)}`);
    }
    setPending(false);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <label className="flex flex-col gap-1 text-sm">
        Access token
        <input
          type="password"
          autoComplete="current-password"
          value={token}
          onChange={(event) => setToken(event.target.value)}
          data-testid="sign-in-token"
          className="rounded border border-slate-300 px-2 py-1"
          required
        />
      </label>
      {error && (
        <p role="alert" data-testid="sign-in-error" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <button type="submit" disabled={pending || token === ""} className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white disabled:opacity-50">
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
