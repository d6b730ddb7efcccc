-- CreateTable
CREATE TABLE "SystemRelease" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "product" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "displayVersion" TEXT NOT NULL,
    "updateTime" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "SystemReleaseNote" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "releaseId" INTEGER NOT NULL,
    "language" TEXT NOT NULL,
    "markdown" TEXT NOT NULL,
    CONSTRAINT "SystemReleaseNote_releaseId_fkey" FOREIGN KEY ("releaseId") REFERENCES "SystemRelease" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AppRelease" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "productName" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "releaseDate" DATETIME NOT NULL,
    "downloadLink" TEXT
);

-- CreateTable
CREATE TABLE "AppReleaseNote" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "releaseId" INTEGER NOT NULL,
    "language" TEXT NOT NULL,
    "markdown" TEXT NOT NULL,
    CONSTRAINT "AppReleaseNote_releaseId_fkey" FOREIGN KEY ("releaseId") REFERENCES "AppRelease" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Game" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "sortName" TEXT NOT NULL,
    "releaseDate" DATETIME NOT NULL,
    "featuredRank" INTEGER NOT NULL
);

-- CreateTable
CREATE TABLE "GamePlatform" (
    "gameId" INTEGER NOT NULL,
    "platform" TEXT NOT NULL,

    PRIMARY KEY ("gameId", "platform"),
    CONSTRAINT "GamePlatform_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "GameGenre" (
    "gameId" INTEGER NOT NULL,
    "genre" TEXT NOT NULL,

    PRIMARY KEY ("gameId", "genre"),
    CONSTRAINT "GameGenre_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BlogPost" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "slug" TEXT NOT NULL,
    "publishedAt" DATETIME NOT NULL,
    "image" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "BlogPostTranslation" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "postId" INTEGER NOT NULL,
    "language" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "excerpt" TEXT NOT NULL,
    "imageAlt" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    CONSTRAINT "BlogPostTranslation_postId_fkey" FOREIGN KEY ("postId") REFERENCES "BlogPost" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "SystemRelease_product_model_updateTime_idx" ON "SystemRelease"("product", "model", "updateTime");

-- CreateIndex
CREATE UNIQUE INDEX "SystemRelease_model_version_key" ON "SystemRelease"("model", "version");

-- CreateIndex
CREATE UNIQUE INDEX "SystemReleaseNote_releaseId_language_key" ON "SystemReleaseNote"("releaseId", "language");

-- CreateIndex
CREATE INDEX "AppRelease_productName_platform_releaseDate_idx" ON "AppRelease"("productName", "platform", "releaseDate");

-- CreateIndex
CREATE UNIQUE INDEX "AppRelease_productName_platform_version_key" ON "AppRelease"("productName", "platform", "version");

-- CreateIndex
CREATE UNIQUE INDEX "AppReleaseNote_releaseId_language_key" ON "AppReleaseNote"("releaseId", "language");

-- CreateIndex
CREATE UNIQUE INDEX "Game_slug_key" ON "Game"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "Game_featuredRank_key" ON "Game"("featuredRank");

-- CreateIndex
CREATE INDEX "Game_sortName_idx" ON "Game"("sortName");

-- CreateIndex
CREATE INDEX "GamePlatform_platform_idx" ON "GamePlatform"("platform");

-- CreateIndex
CREATE INDEX "GameGenre_genre_idx" ON "GameGenre"("genre");

-- CreateIndex
CREATE UNIQUE INDEX "BlogPost_slug_key" ON "BlogPost"("slug");

-- CreateIndex
CREATE INDEX "BlogPost_publishedAt_idx" ON "BlogPost"("publishedAt");

-- CreateIndex
CREATE UNIQUE INDEX "BlogPostTranslation_postId_language_key" ON "BlogPostTranslation"("postId", "language");
