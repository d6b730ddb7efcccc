// The API's reference: the OpenAPI 3.1 document built from the shared schemas
// (packages/shared/src/api) at /api/openapi.json, and Swagger UI reading it at /api/docs.
import { BRAND } from "@vela/shared";
import { openApiDocument } from "@vela/shared/api";
import type { FastifyInstance } from "fastify";

export const OPENAPI_PATH = "/api/openapi.json";
export const API_DOCS_PATH = "/api/docs";

/**
 * The OpenAPI document, always; Swagger UI where `swaggerUi` asks for it (config.apiDocs: outside
 * production unless API_DOCS=on). Its plugins are imported only then: with YAML support they cost
 * the process 50 ms of start-up and about 10 MiB that a production store serves nobody with.
 */
export async function registerApiDocs(
  app: FastifyInstance,
  publicUrl: string,
  { swaggerUi }: { swaggerUi: boolean },
): Promise<void> {
  // The document is built when first asked for, not at start-up (turning every schema into JSON
  // Schema took a few dozen milliseconds before the server could answer anything). Swagger UI reads
  // it through the `swagger` decorator, which is ours; @fastify/swagger, which Swagger UI requires
  // beside it, keeps a placeholder under a name nobody reads.
  let document: ReturnType<typeof openApiDocument> | undefined;
  const theDocument = () => {
    document ??= openApiDocument(publicUrl);
    return document;
  };
  const placeholder = {
    mode: "static",
    // Accepted by the static mode too (lib/mode/static.js), though its types name it for the dynamic one only.
    decorator: "swaggerPlaceholder",
    specification: { document: { openapi: "3.1.0", info: { title: BRAND.name, version: "0" }, paths: {} } },
  } as const;
  app.get(OPENAPI_PATH, async () => theDocument());
  if (!swaggerUi) return;
  const [{ default: fastifySwagger }, { default: fastifySwaggerUi }] = await Promise.all([
    import("@fastify/swagger"),
    import("@fastify/swagger-ui"),
  ]);
  await app.register(fastifySwagger, placeholder as never);
  // Swagger UI asks for `{ yaml: true }` at /api/docs/yaml: JSON is YAML (1.2), so the document as
  // indented JSON answers it without a YAML library.
  const swagger = (opts?: { yaml?: boolean }) =>
    opts?.yaml ? `${JSON.stringify(theDocument(), null, 2)}\n` : theDocument();
  app.decorate("swagger", swagger as never);
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    // Swagger UI's pictures are inline data: and its scripts files of its own: the store's CSP
    // (http/security.ts) serves it; no validator is called on another host.
    uiConfig: { validatorUrl: null, deepLinking: true },
    theme: { title: `${BRAND.name} store API` },
  });
}
