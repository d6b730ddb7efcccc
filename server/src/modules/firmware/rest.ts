import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../errors.ts";
import { queryOf, restHandler } from "../../http/rest.ts";
import type { ContextFactory } from "../../trpc/context.ts";
import {
  FIRMWARE_NOT_FOUND,
  FIRMWARE_SHA256_HEADER,
  FIRMWARE_SIZE_HEADER,
  getFirmwareImage,
} from "./service.ts";

const ID = /^[1-9][0-9]{0,9}$/;

export function firmwareRest(app: FastifyInstance, ctx: ContextFactory): void {
  app.get(
    "/api/firmware",
    restHandler(ctx, (c, req) => c.firmware.list(queryOf(req, { only: ["model"] }))),
  );

  // The image leaves as the gzip bytes that are stored, without Content-Encoding: the page
  // decompresses them itself (DecompressionStream) and checks the SHA-256 before flashing.
  app.get("/api/firmware/:id/image", async (req: FastifyRequest, reply: FastifyReply) => {
    const id = String((req.params as { id?: string }).id ?? "");
    // A failure goes on to the app's error handler (error-replies.ts replyWithError).
    if (!ID.test(id)) throw new AppError("NOT_FOUND", FIRMWARE_NOT_FOUND);
    const image = await getFirmwareImage(app.deps, Number(id));
    const name = `${image.model}-${image.version}.img.gz`.replace(/[^A-Za-z0-9._+-]/g, "_");
    reply
      .type("application/octet-stream")
      .header(FIRMWARE_SHA256_HEADER, image.sha256)
      .header(FIRMWARE_SIZE_HEADER, String(image.size))
      .header("content-disposition", `attachment; filename="${name}"`);
    return reply.send(Buffer.from(image.gzip.buffer, image.gzip.byteOffset, image.gzip.byteLength));
  });
}
