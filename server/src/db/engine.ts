// Which database engine a URL names. The one place where the URL's scheme decides: createDb
// picks the driver adapter from it, migrate.ts the migration history, and raw statements their
// twin through twinFor (client.ts).

export type Engine = "sqlite" | "postgresql";

export function engineOf(databaseUrl: string): Engine {
  if (databaseUrl.startsWith("file:")) return "sqlite";
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return "postgresql";
  throw new Error("DATABASE_URL must start with file: (SQLite) or postgres:// / postgresql:// (PostgreSQL)");
}

export function isSqliteUrl(url: string): boolean {
  return url.startsWith("file:");
}
