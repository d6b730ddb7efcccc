-- CreateTable
CREATE TABLE "PublicDataVersion" (
    "id" INTEGER NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "PublicDataVersion_pkey" PRIMARY KEY ("id")
);

-- The one row every instance reads and every public-data write moves.
INSERT INTO "PublicDataVersion" ("id", "version") VALUES (1, 0);
