-- CreateTable
CREATE TABLE "FirmwareVersion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "model" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "releaseDate" DATETIME NOT NULL,
    "notesEnUs" TEXT NOT NULL,
    "notesJaJp" TEXT NOT NULL,
    "notesZhCn" TEXT NOT NULL,
    "imageGzip" BLOB NOT NULL,
    "imageSha256" TEXT NOT NULL,
    "imageSize" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "FirmwareVersion_model_releaseDate_idx" ON "FirmwareVersion"("model", "releaseDate");

-- CreateIndex
CREATE UNIQUE INDEX "FirmwareVersion_model_version_key" ON "FirmwareVersion"("model", "version");
