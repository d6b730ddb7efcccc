// The catalogue's export as a file: GET CATALOGUE_CSV_EXPORT_PATH answers text/csv with its file
// name, for a link the browser downloads. It sits under the staff cookie's path (/admin/trpc) and
// answers through the export procedure, so its permission and errors are the procedure's.
import { CATALOGUE_CSV_EXPORT_PATH } from "@vela/shared/admin";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { errorAnswer } from "../../errors.ts";
import type { CatalogueCsvFile } from "./service.ts";

export function registerCatalogueCsvDownload(
  app: FastifyInstance,
  exportFor: (req: FastifyRequest, reply: FastifyReply) => Promise<CatalogueCsvFile>,
): void {
  app.get(CATALOGUE_CSV_EXPORT_PATH, async (req, reply) => {
    let file: CatalogueCsvFile;
    try {
      file = await exportFor(req, reply);
    } catch (err) {
      const answer = errorAnswer(err);
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    }
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${file.filename}"`)
      .header("cache-control", "no-store")
      .send(file.csv);
  });
}
