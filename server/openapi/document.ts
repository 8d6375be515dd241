// The OpenAPI 3.1 document of the REST API (decisions/034), built once per process from the
// operations table and the zod schemas the server validates with: z.toJSONSchema() turns each
// query and body schema (their input side) and each answer shape (output side) into JSON Schema
// draft 2020-12, which OpenAPI 3.1 uses as is. Whole-input checks (`fromCheck`) are described by
// server/openapi/bodies.ts; shared answer shapes become components.
import { createHash } from "node:crypto";
import * as z from "zod/mini";
import { DOCUMENTED_BODIES } from "./bodies.ts";
import { type Access, type Answer, OPERATIONS, type Operation } from "./operations.ts";
import { apiDocs } from "./registry.ts";
import * as shapes from "./responses.ts";

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: Record<string, unknown>;
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
}

// Each shared answer shape is a component named after its export (product → Product).
for (const [name, schema] of Object.entries(shapes)) {
  if (!apiDocs.has(schema)) apiDocs.add(schema, { id: name[0]!.toUpperCase() + name.slice(1) });
}

/** Express's `/api/products/:id` and `{*rest}` as OpenAPI writes paths: `/api/products/{id}`, `{rest}`. */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/\{\*(\w+)\}/g, "{$1}").replace(/:(\w+)/g, "{$1}");
}

const ACCESS_TEXT: Record<Access, string> = {
  public: "Anyone.",
  optional: "Anyone; a signed-in customer's own data when signed in (session cookie or bearer token).",
  user: "A signed-in customer (session cookie or `Authorization: Bearer <token>`).",
  admin: "An admin.",
  staff: "An admin or a pharmacist.",
  gateway: "Razorpay: the body's HMAC signature (X-Razorpay-Signature) with RAZORPAY_WEBHOOK_SECRET.",
  shipping: "Shiprocket: the header x-api-key equal to SHIPROCKET_WEBHOOK_TOKEN (else 401).",
  whatsapp: "Meta: the body's HMAC-SHA256 signature (X-Hub-Signature-256) with WHATSAPP_APP_SECRET (else 401); the check's verify token WHATSAPP_VERIFY_TOKEN.",
};

const SIGNED_IN = [{ bearerAuth: [] }, { sessionCookie: [] }];

function convert(schema: z.ZodMiniType, io: "input" | "output", defs: Record<string, JsonSchema>): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    metadata: apiDocs,
    // A transform or a refinement says nothing in JSON Schema: its side is described, its rule stays in the code.
    unrepresentable: "any",
  }) as JsonSchema;
  const { $schema: _schema, $defs, ...rest } = json;
  for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) defs[id] ??= relink(def) as JsonSchema;
  return relink(rest) as JsonSchema;
}

/** `#/$defs/X` → `#/components/schemas/X`, everywhere in a converted schema. */
function relink(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(relink);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === "$ref" && typeof inner === "string" ? inner.replace("#/$defs/", "#/components/schemas/") : relink(inner),
      ]),
    );
  }
  return value;
}

function answer(content: Answer, defs: Record<string, JsonSchema>, description: string) {
  if ("file" in content && typeof content.file === "string") {
    return {
      description: content.description,
      content: { [content.file]: { schema: { type: "string", contentMediaType: content.file } } },
    };
  }
  return { description, content: { "application/json": { schema: convert(content as z.ZodMiniType, "output", defs) } } };
}

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
  400: "The request is not valid: `message` says why, `errors` has one sentence per field.",
  401: "Not signed in.",
  403: "Signed in, but not allowed.",
  404: "Not found.",
  409: "Refused in the record's current state.",
  413: "The body or file is too large.",
  415: "The file type is not accepted.",
  422: "Refused: the details say why.",
  429: "Too many requests: try again after Retry-After seconds.",
  500: "Something went wrong on the shop's side (the answer carries a requestId for the logs).",
  502: "The payment gateway or the shipping provider refused or did not answer (`message` gives its reason).",
  503: "Not configured on this shop.",
};

function operationObject(operation: Operation, defs: Record<string, JsonSchema>) {
  const parameters: JsonSchema[] = [];
  for (const match of operation.path.matchAll(/:(\w+)|\{\*(\w+)\}/g)) {
    parameters.push({ name: match[1] ?? match[2], in: "path", required: true, schema: { type: "string" } });
  }
  if (operation.query) {
    const query = convert(operation.query, "input", defs) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name, in: "query", required: query.required?.includes(name) ?? false, schema });
    }
  }

  let requestBody: JsonSchema | undefined;
  const body = operation.body;
  if (body && "multipart" in body && typeof body.multipart === "string") {
    requestBody = {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            properties: { [body.multipart]: { type: "string", contentMediaType: "application/octet-stream", description: body.description } },
            required: [body.multipart],
          },
        },
      },
    };
  } else if (body && "raw" in body && typeof body.raw === "string") {
    requestBody = { required: true, content: { [body.raw]: { schema: {} } } };
  } else if (body) {
    const schema = body as z.ZodMiniType;
    const documented = DOCUMENTED_BODIES.get(schema) ?? schema;
    const media: JsonSchema = { schema: convert(documented, "input", defs) };
    if (operation.example !== undefined) media.example = operation.example;
    requestBody = { required: true, content: { "application/json": media } };
  }

  const responses: Record<string, unknown> = {};
  for (const [status, content] of Object.entries(operation.responses)) {
    responses[status] = answer(content, defs, STATUS_TEXT[Number(status)] ?? "OK");
    if (operation.paged && status === "200") {
      (responses[status] as JsonSchema).headers = {
        "X-Total-Count": { description: "Matches before paging.", schema: { type: "integer" } },
      };
    }
  }
  const errors = new Set(operation.errors ?? []);
  if (operation.body || operation.query) errors.add(400);
  if (operation.access === "user" || operation.access === "admin" || operation.access === "staff") errors.add(401);
  if (operation.access === "admin" || operation.access === "staff") errors.add(403);
  if (operation.access === "gateway") errors.add(400);
  if (operation.access === "shipping" || operation.access === "whatsapp") errors.add(400).add(401);
  errors.add(500);
  for (const status of [...errors].sort()) {
    responses[String(status)] = {
      description: STATUS_TEXT[status] ?? "Refused.",
      content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorReply" } } },
    };
  }

  return {
    tags: [operation.tag],
    summary: operation.summary,
    description: `Who may call: ${ACCESS_TEXT[operation.access]}`,
    operationId: `${operation.method.toLowerCase()}${openApiPath(operation.path).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    ...(operation.access === "public" || operation.access === "gateway" || operation.access === "shipping" || operation.access === "whatsapp"
      ? { security: [] }
      : operation.access === "optional"
        ? { security: [{}, ...SIGNED_IN] }
        : { security: SIGNED_IN }),
    "x-access": operation.access,
  };
}

/** The document for a shop at `publicUrl`. */
export function buildOpenApiDocument(publicUrl: string): OpenApiDocument {
  const defs: Record<string, JsonSchema> = {};
  // The error reply is referenced by every operation: always a component.
  convert(shapes.errorReply, "output", defs);
  const paths: OpenApiDocument["paths"] = {};
  for (const operation of OPERATIONS) {
    const path = openApiPath(operation.path);
    paths[path] ??= {};
    paths[path][operation.method.toLowerCase()] = operationObject(operation, defs);
  }
  // The shopper's calls first, then the admin's, then this reference.
  const rank = (tag: string) => (tag === "Reference" ? 2 : tag.startsWith("Admin") ? 1 : 0);
  const tags = [...new Set(OPERATIONS.map((operation) => operation.tag))]
    .sort((a, b) => rank(a) - rank(b))
    .map((name) => ({ name }));
  return {
    openapi: "3.1.0",
    info: {
      title: "Healthcare Pharma shop API",
      version: "2",
      description:
        "The shop's REST API (api-contract.md). JSON in and out; money in rupees. Errors answer `{ message, errors? }`: `message` is a sentence for people, `errors` one sentence per field. Sign in with POST /api/users/login and send `Authorization: Bearer <token>`, or use the session cookie the shop's pages use (writes with a cookie must come from the shop's own origin).",
    },
    servers: [{ url: publicUrl }],
    tags,
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(defs).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "The token answered by POST /api/users/login or /register." },
        sessionCookie: { type: "apiKey", in: "cookie", name: "better-auth.session_token", description: "The shop's session cookie (the pages' way)." },
      },
    },
  };
}

export interface ServedDocument {
  document: OpenApiDocument;
  json: string;
  etag: string;
}

const built = new Map<string, ServedDocument>();

/** The document as served: built once per public URL, with its JSON text and a strong ETag. */
export function servedDocument(publicUrl: string): ServedDocument {
  let served = built.get(publicUrl);
  if (!served) {
    const document = buildOpenApiDocument(publicUrl);
    const json = JSON.stringify(document);
    served = { document, json, etag: `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"` };
    built.set(publicUrl, served);
  }
  return served;
}
