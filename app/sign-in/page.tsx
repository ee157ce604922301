import { SignInForm } from "./sign-in-form";

/** Team mode's sign-in page (the proxy sends every other page here until the browser holds the access cookie). */
export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const { next } = await searchParams;
  return (
    <div className="mx-auto mt-16 max-w-sm rounded border border-slate-200 bg-white p-6">
      <h1 className="mb-1 text-lg font-semibold">Sign in</h1>
      <p className="mb-4 text-sm text-slate-600">This lab is shared by a team. Enter its access token (LAB_ACCESS_TOKEN) to continue.</p>
      <SignInForm next={safeNext(next)} />
    </div>
  );
}

/** Only a path on this site: never `//host` or `https://…`, so sign-in cannot be turned into an open redirect. */
function safeNext(next: string | undefined): string {
  return next && next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\") ? next : "/";
}
