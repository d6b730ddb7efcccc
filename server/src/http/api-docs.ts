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
  // Where Swagger UI is not served, the document is built when first asked for, not at start-up
  // (turning every schema into JSON Schema took a few dozen milliseconds before the server could
  // answer anything); where it is, @fastify/swagger holds it (its JSON and YAML for Swagger UI).
  let document: ReturnType<typeof openApiDocument> | undefined;
  const theDocument = () => {
    document ??= openApiDocument(publicUrl);
    return document;
  };
  app.get(OPENAPI_PATH, async () => theDocument());
  if (!swaggerUi) return;
  const [{ default: fastifySwagger }, { default: fastifySwaggerUi }] = await Promise.all([
    import("@fastify/swagger"),
    import("@fastify/swagger-ui"),
  ]);
  await app.register(fastifySwagger, {
    mode: "static",
    specification: { document: theDocument() as never },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    // Swagger UI's pictures are inline data: and its scripts files of its own: the store's CSP
    // (http/security.ts) serves it; no validator is called on another host.
    uiConfig: { validatorUrl: null, deepLinking: true },
    theme: { title: `${BRAND.name} store API` },
  });
}
