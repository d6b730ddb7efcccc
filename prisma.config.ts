// Prisma 7 reads its configuration from here. The app itself never uses the
// CLI at run time: migrations are applied through the WebAssembly schema engine
// (server/src/db/migrate.ts), so no native engine binary is needed.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
