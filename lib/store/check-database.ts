import { databaseUrl, db, providerOf, type DatabaseProvider } from "./db";

/** Opens (and on first use migrates) the database and runs one trivial query; throws when it cannot. */
export async function checkDatabase(): Promise<DatabaseProvider> {
  const prisma = await db();
  await prisma.$queryRawUnsafe("SELECT 1");
  return providerOf(databaseUrl());
}
