import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import "./globals.css";
import { Providers } from "./providers";

export const metadata: Metadata = {
  title: "Compaction Lab",
  description: "Import LLM-agent transcripts and compare context-compaction strategies.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen">
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex h-11 max-w-7xl items-center gap-6 px-4">
            <Link href="/" className="font-semibold tracking-tight text-slate-900">
              Compaction Lab
            </Link>
            <nav className="flex gap-4 text-slate-600">
              <Link href="/" className="hover:text-slate-900">
                Sessions
              </Link>
              <Link href="/compare" data-testid="nav-compare" className="hover:text-slate-900">
                Compare sessions
              </Link>
            </nav>
          </div>
        </header>
        <Providers>
          <main className="mx-auto max-w-7xl px-4 py-5">{children}</main>
        </Providers>
      </body>
    </html>
  );
}
