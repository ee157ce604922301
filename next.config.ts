import type { NextConfig } from "next";
import { API_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from "./lib/security/content-security-policy";

const nextConfig: NextConfig = {
  // native / wasm-loading server deps stay runtime requires instead of being bundled
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "@prisma/adapter-pg", "pg"],
  poweredByHeader: false,
  // pages get theirs (with a per-request script nonce) from proxy.ts; API routes answer data, never scripts
  async headers() {
    const apiHeaders = { ...SECURITY_HEADERS, "Content-Security-Policy": API_CONTENT_SECURITY_POLICY };
    return [{ source: "/api/:path*", headers: Object.entries(apiHeaders).map(([key, value]) => ({ key, value })) }];
  },
};

export default nextConfig;
