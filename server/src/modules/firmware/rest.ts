import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HTTP_STATUS, toAppError } from "../../errors.ts";
import { restHandler } from "../../http/rest.ts";
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
    restHandler(ctx, (c, req) => {
      const query = (req.query ?? {}) as Record<string, string | string[] | undefined>;
      const raw = query.model;
      const model = Array.isArray(raw) ? raw[raw.length - 1] : raw;
      return c.firmware.list({ model } as never);
    }),
  );

  // The image leaves as the gzip bytes that are stored, without Content-Encoding: the page
  // decompresses them itself (DecompressionStream) and checks the SHA-256 before flashing.
  app.get("/api/firmware/:id/image", async (req: FastifyRequest, reply: FastifyReply) => {
    const id = String((req.params as { id?: string }).id ?? "");
    try {
      if (!ID.test(id)) {
        reply.code(404);
        return { message: FIRMWARE_NOT_FOUND, error: FIRMWARE_NOT_FOUND };
      }
      const image = await getFirmwareImage(app.deps, Number(id));
      const name = `${image.model}-${image.version}.img.gz`.replace(/[^A-Za-z0-9._+-]/g, "_");
      reply
        .type("application/octet-stream")
        .header(FIRMWARE_SHA256_HEADER, image.sha256)
        .header(FIRMWARE_SIZE_HEADER, String(image.size))
        .header("content-disposition", `attachment; filename="${name}"`);
      return reply.send(Buffer.from(image.gzip.buffer, image.gzip.byteOffset, image.gzip.byteLength));
    } catch (err) {
      const error = toAppError(err);
      if (error.code === "INTERNAL_SERVER_ERROR") req.log.error({ err }, "firmware image failed");
      if (error.retryAfterSeconds) reply.header("retry-after", String(error.retryAfterSeconds));
      reply.code(HTTP_STATUS[error.code]);
      return { message: error.message, error: error.message };
    }
  });
}
