// Tables the store's raw migrations make that Prisma's schema cannot express: the search index
// (SQLite: an FTS5 virtual table and the shadow tables FTS5 keeps beside it; PostgreSQL: a plain
// table with a trigram index). Prisma's schema engine is told they are managed elsewhere, so a
// migration made from the schema (npm run db:migration) neither drops nor recreates them.

/** The search index's table: one row per product and per post (modules/search). */
export const SEARCH_INDEX_TABLE = "SearchIndex";

export const EXTERNAL_TABLES: readonly string[] = [
  SEARCH_INDEX_TABLE,
  ...["config", "content", "data", "docsize", "idx"].map((shadow) => `${SEARCH_INDEX_TABLE}_${shadow}`),
];
