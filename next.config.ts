import type { NextConfig } from "next";
import { API_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from "./lib/security/content-security-policy";

const nextConfig: NextConfig = {
  // native / wasm-loading server deps stay runtime requires instead of being bundled
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "@prisma/adapter-pg", "pg"],
  poweredByHeader: false,
  // `LAB_BROWSER_SOURCE_MAPS=1 next build`: source maps for the browser's chunks, so `npm run bench:ui -- --profile`
  // names the app's own functions in its CPU profiles (off by default: the maps would be served to every visitor)
  productionBrowserSourceMaps: process.env.LAB_BROWSER_SOURCE_MAPS === "1",
  // pages get theirs (with a per-request script nonce) from proxy.ts; API routes answer data, never scripts
  async headers() {
    const apiHeaders = { ...SECURITY_HEADERS, "Content-Security-Policy": API_CONTENT_SECURITY_POLICY };
    return [{ source: "/api/:path*", headers: Object.entries(apiHeaders).map(([key, value]) => ({ key, value })) }];
  },
};

export default nextConfig;
