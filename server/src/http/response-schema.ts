// Fastify response schemas from the shared zod schemas (packages/shared/src/api): Fastify then
// writes the answer with a serializer compiled for its shape (fast-json-stringify), and a field
// the schema does not name can never leak into it.
import type { z } from "zod";
import { toJSONSchema } from "zod";

/** The JSON Schema of an answer, in the draft Fastify's serializer reads (draft 7). */
export function responseSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = toJSONSchema(schema, { target: "draft-7" }) as Record<
    string,
    unknown
  >;
  return rest;
}
