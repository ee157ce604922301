"use client";

/** Team mode only: clears the sign-in cookie and returns to the sign-in page. */
export function SignOutButton() {
  async function signOut() {
    await fetch("/api/auth/sign-out", { method: "POST" });
    window.location.assign("/sign-in");
  }
  return (
    <button type="button" onClick={signOut} data-testid="sign-out" className="ml-auto text-sm text-slate-600 hover:text-slate-900">
      Sign out
    </button>
  );
}
