// The API's reference: the OpenAPI 3.1 document built from the shared schemas
// (packages/shared/src/api) at /api/openapi.json, and Swagger UI reading it at /api/docs.
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { BRAND } from "@vela/shared";
import { openApiDocument } from "@vela/shared/api";
import type { FastifyInstance } from "fastify";

export const OPENAPI_PATH = "/api/openapi.json";
export const API_DOCS_PATH = "/api/docs";

export async function registerApiDocs(app: FastifyInstance, publicUrl: string): Promise<void> {
  const document = openApiDocument(publicUrl);
  await app.register(fastifySwagger, {
    mode: "static",
    specification: { document: document as never },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    // Swagger UI's pictures are inline data: and its scripts files of its own: the store's CSP
    // (http/security.ts) serves it; no validator is called on another host.
    uiConfig: { validatorUrl: null, deepLinking: true },
    theme: { title: `${BRAND.name} store API` },
  });
  app.get(OPENAPI_PATH, async () => document);
}
