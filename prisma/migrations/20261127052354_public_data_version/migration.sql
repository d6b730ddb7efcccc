-- CreateTable
CREATE TABLE "PublicDataVersion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "version" INTEGER NOT NULL DEFAULT 0
);

-- The one row every instance reads and every public-data write moves.
INSERT INTO "PublicDataVersion" ("id", "version") VALUES (1, 0);
