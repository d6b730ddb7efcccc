// Serves the admin router at ADMIN_TRPC_PATH with the shop's tRPC route (fastify-route.ts): the
// same batching limit and error answers. /admin/trpc is an API path for http/security.ts, so
// the same-origin and JSON rule and Cache-Control: no-store hold for it as for /trpc.
import { TRPC_MAX_BATCH } from "@vela/shared";
import {
  ADMIN_TRPC_PATH,
  BLOG_COVER_BODY_LIMIT,
  BLOG_LARGE_BODY_PROCEDURES,
  BLOG_TEXT_BODY_LIMIT,
  CATALOGUE_CSV_BODY_LIMIT,
  FIRMWARE_UPLOAD_BODY_LIMIT,
  PICTURE_UPLOAD_BODY_LIMIT,
} from "@vela/shared/admin";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.ts";
import { errorAnswer } from "../errors.ts";
import { CATALOGUE_CSV_UPLOAD_PROCEDURES } from "../modules/catalogue-csv/admin-router.ts";
import { registerCatalogueCsvDownload } from "../modules/catalogue-csv/download-route.ts";
import { createAdminContextFactory } from "./admin-context.ts";
import { adminAppRouter, createAdminCaller } from "./admin-router.ts";
import { trpcRoute } from "./fastify-route.ts";

export async function registerAdmin(app: FastifyInstance, deps: Deps): Promise<void> {
  const makeContext = createAdminContextFactory(deps);
  await app.register(trpcRoute, {
    prefix: ADMIN_TRPC_PATH,
    largeBodies: [
      { procedures: CATALOGUE_CSV_UPLOAD_PROCEDURES, bodyLimit: CATALOGUE_CSV_BODY_LIMIT },
      // A product picture of up to 10 MiB, in base64 (4/3 of it) within JSON.
      { procedures: ["products.addPicture"], bodyLimit: PICTURE_UPLOAD_BODY_LIMIT },
      // A post's cover picture, the same size in base64 within JSON.
      { procedures: ["blog.uploadCover"], bodyLimit: BLOG_COVER_BODY_LIMIT },
      // A post's texts: two long markdown bodies.
      { procedures: BLOG_LARGE_BODY_PROCEDURES, bodyLimit: BLOG_TEXT_BODY_LIMIT },
      // A firmware image (a 1 MiB slot; a file up to 3 MiB reaches the image check), in base64 within JSON.
      { procedures: ["firmware.add"], bodyLimit: FIRMWARE_UPLOAD_BODY_LIMIT },
    ],
    trpcOptions: {
      router: adminAppRouter,
      createContext: ({
        req,
        res,
      }: {
        req: Parameters<typeof makeContext>[0];
        res: Parameters<typeof makeContext>[1];
      }) => makeContext(req, res),
      maxBatchSize: TRPC_MAX_BATCH,
      responseMeta: ({ errors }: { errors: unknown[] }) => ({
        headers: Object.assign({}, ...errors.map((err) => errorAnswer(err).headers)),
      }),
    },
  });
  registerCatalogueCsvDownload(app, (req, reply) =>
    createAdminCaller(makeContext(req, reply)).catalogueCsv.export(),
  );
}
