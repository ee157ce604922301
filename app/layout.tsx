import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import type { ReactNode } from "react";
import "./globals.css";
import { configuredAccessToken } from "@/lib/security/access-token";
import { SignOutButton } from "./_components/sign-out-button";
import { Providers } from "./providers";
import { readEnv } from "@/lib/env/read-env";

const DESCRIPTION = "Import LLM-agent transcripts, replay them through compaction strategies and compare them side by side.";

export const metadata: Metadata = {
  // absolute URLs for shared links (og:image); LAB_PUBLIC_URL is where the lab is reached, else the local default
  metadataBase: new URL(readEnv().LAB_PUBLIC_URL),
  title: "Compaction Lab",
  description: DESCRIPTION,
  icons: { icon: "/favicon.ico" },
  openGraph: {
    title: "Compaction Lab",
    description: DESCRIPTION,
    siteName: "Compaction Lab",
    type: "website",
    images: [{ url: "/og.png", width: 1200, height: 630, alt: "A token curve climbing to the threshold, cut by a compaction, climbing again" }],
  },
  twitter: { card: "summary_large_image", title: "Compaction Lab", description: DESCRIPTION, images: ["/og.png"] },
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // reading the request makes every page render per request, so Next.js can stamp the CSP nonce (proxy.ts) on its scripts
  const view = (await headers()).get("x-lab-view");
  const shared = view === "share";
  return (
    <html lang="en">
      <body className="min-h-screen">
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex min-h-11 max-w-7xl flex-wrap items-center gap-x-6 gap-y-1 px-4 py-2">
            {shared ? (
              <span className="font-semibold tracking-tight text-slate-900">Compaction Lab</span>
            ) : (
              <>
                <Link href="/" className="font-semibold tracking-tight text-slate-900">
                  Compaction Lab
                </Link>
                <nav className="flex flex-wrap gap-x-4 gap-y-1 text-slate-600">
                  <Link href="/" className="hover:text-slate-900">
                    Sessions
                  </Link>
                  <Link href="/compare" data-testid="nav-compare" className="hover:text-slate-900">
                    Compare sessions
                  </Link>
                  <Link href="/recommend" data-testid="nav-recommend" className="hover:text-slate-900">
                    Recommend a threshold
                  </Link>
                  <Link href="/shares" data-testid="nav-shares" className="hover:text-slate-900">
                    Share links
                  </Link>
                </nav>
                {configuredAccessToken() !== null && view !== "sign-in" && <SignOutButton />}
              </>
            )}
          </div>
        </header>
        <Providers>
          <main className="mx-auto max-w-7xl px-4 py-5">{children}</main>
        </Providers>
      </body>
    </html>
  );
}
