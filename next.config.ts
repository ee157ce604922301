import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // native / wasm-loading server deps stay runtime requires instead of being bundled
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "@prisma/adapter-pg", "pg"],
  poweredByHeader: false,
};

export default nextConfig;
