-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_AppReleaseNote" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "releaseId" INTEGER NOT NULL,
    "language" TEXT NOT NULL,
    "markdown" TEXT NOT NULL,
    "html" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "AppReleaseNote_releaseId_fkey" FOREIGN KEY ("releaseId") REFERENCES "AppRelease" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_AppReleaseNote" ("id", "language", "markdown", "releaseId") SELECT "id", "language", "markdown", "releaseId" FROM "AppReleaseNote";
DROP TABLE "AppReleaseNote";
ALTER TABLE "new_AppReleaseNote" RENAME TO "AppReleaseNote";
CREATE UNIQUE INDEX "AppReleaseNote_releaseId_language_key" ON "AppReleaseNote"("releaseId", "language");
CREATE TABLE "new_BlogPostTranslation" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "postId" INTEGER NOT NULL,
    "language" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "excerpt" TEXT NOT NULL,
    "imageAlt" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "bodyHtml" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "BlogPostTranslation_postId_fkey" FOREIGN KEY ("postId") REFERENCES "BlogPost" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_BlogPostTranslation" ("body", "excerpt", "id", "imageAlt", "language", "postId", "title") SELECT "body", "excerpt", "id", "imageAlt", "language", "postId", "title" FROM "BlogPostTranslation";
DROP TABLE "BlogPostTranslation";
ALTER TABLE "new_BlogPostTranslation" RENAME TO "BlogPostTranslation";
CREATE UNIQUE INDEX "BlogPostTranslation_postId_language_key" ON "BlogPostTranslation"("postId", "language");
CREATE TABLE "new_SystemReleaseNote" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "releaseId" INTEGER NOT NULL,
    "language" TEXT NOT NULL,
    "markdown" TEXT NOT NULL,
    "html" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "SystemReleaseNote_releaseId_fkey" FOREIGN KEY ("releaseId") REFERENCES "SystemRelease" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_SystemReleaseNote" ("id", "language", "markdown", "releaseId") SELECT "id", "language", "markdown", "releaseId" FROM "SystemReleaseNote";
DROP TABLE "SystemReleaseNote";
ALTER TABLE "new_SystemReleaseNote" RENAME TO "SystemReleaseNote";
CREATE UNIQUE INDEX "SystemReleaseNote_releaseId_language_key" ON "SystemReleaseNote"("releaseId", "language");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
