// GET /api/docs: the OpenAPI document as one page to read (decisions/034). Rendered on the server
// from the document itself (nothing else describes the API), self-contained: no script, no font,
// no CDN; its one style element carries the response's CSP nonce.
import type { OpenApiDocument } from "./document.ts";

type Schema = Record<string, unknown>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** `code` spans for `backticks` in the document's prose. */
const prose = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>");

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
const componentName = (ref: string) => ref.replace("#/components/schemas/", "");

/** A schema in a few words: `string`, `Product` (a link), `array of Review`, `one of: …`. */
function typeText(schema: Schema | undefined): string {
  if (!schema || Object.keys(schema).length === 0) return "any JSON";
  if (typeof schema.$ref === "string") {
    const name = componentName(schema.$ref);
    return `<a href="#schema-${slug(name)}">${escapeHtml(name)}</a>`;
  }
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => `<code>${escapeHtml(JSON.stringify(v))}</code>`).join(", ")}`;
  if ("const" in schema) return `<code>${escapeHtml(JSON.stringify(schema.const))}</code>`;
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants) {
    const nonNull = variants.filter((v) => v.type !== "null");
    const text = nonNull.map(typeText).join(" or ");
    return nonNull.length < variants.length ? `${text} or null` : text;
  }
  if (schema.type === "array") return `array of ${typeText(schema.items as Schema | undefined)}`;
  if (schema.type === "object" && !schema.properties && schema.additionalProperties) {
    return `map of text to ${typeText(schema.additionalProperties as Schema)}`;
  }
  if (typeof schema.contentMediaType === "string") return `file (${escapeHtml(schema.contentMediaType)})`;
  return escapeHtml(String(schema.type ?? "any JSON"));
}

/** An object's fields as a list (nested objects inside), or its type in words. */
function schemaBlock(schema: Schema | undefined): string {
  if (!schema) return "";
  const properties = schema.properties as Record<string, Schema> | undefined;
  if (!properties) return `<p class="type">${typeText(schema)}</p>`;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const items = Object.entries(properties).map(([name, field]) => {
    const nested = field.type === "object" && field.properties ? schemaBlock(field) : "";
    const description = typeof field.description === "string" ? ` — ${prose(field.description)}` : "";
    const limits = [
      typeof field.minLength === "number" ? `at least ${field.minLength} character${field.minLength === 1 ? "" : "s"}` : "",
      typeof field.maxLength === "number" ? `at most ${field.maxLength} character${field.maxLength === 1 ? "" : "s"}` : "",
      typeof field.minimum === "number" ? `from ${field.minimum}` : "",
      typeof field.maximum === "number" ? `up to ${field.maximum}` : "",
    ].filter(Boolean);
    return `<li><code>${escapeHtml(name)}</code> <span class="type">${nested ? "object" : typeText(field)}</span>${
      required.has(name) ? ' <span class="required">required</span>' : ""
    }${limits.length ? ` (${limits.join(", ")})` : ""}${description}${nested}</li>`;
  });
  return `<ul class="fields">${items.join("")}</ul>`;
}

function mediaBlocks(content: Record<string, { schema?: Schema; example?: unknown }> | undefined): string {
  return Object.entries(content ?? {})
    .map(
      ([media, { schema, example }]) =>
        `<p class="media">${escapeHtml(media)}</p>${schemaBlock(schema)}${
          example === undefined ? "" : `<p class="media">Example</p><pre>${escapeHtml(JSON.stringify(example, null, 2))}</pre>`
        }`,
    )
    .join("");
}

function operationSection(path: string, method: string, operation: Schema): string {
  const id = slug(`${method} ${path}`);
  const parameters = (operation.parameters as Schema[] | undefined) ?? [];
  const body = operation.requestBody as { content?: Record<string, { schema?: Schema; example?: unknown }> } | undefined;
  const responses = operation.responses as Record<string, { description: string; content?: Record<string, { schema?: Schema }> }>;
  // Operations and shapes are plain sections (not landmarks): only the tags are regions, each named once.
  return `<section class="operation" id="${id}">
<h3 id="${id}-h"><span class="method method-${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${prose(String(operation.summary ?? ""))}</p>
<p class="access">${prose(String(operation.description ?? ""))}</p>
${
  parameters.length
    ? `<h4>Parameters</h4><ul class="fields">${parameters
        .map(
          (p) =>
            `<li><code>${escapeHtml(String(p.name))}</code> <span class="type">${typeText(p.schema as Schema)}</span> in ${escapeHtml(String(p.in))}${
              p.required ? ' <span class="required">required</span>' : ""
            }</li>`,
        )
        .join("")}</ul>`
    : ""
}
${body ? `<h4>Request body</h4>${mediaBlocks(body.content)}` : ""}
<h4>Responses</h4>
<dl class="responses">${Object.entries(responses)
    .map(([status, response]) => `<dt>${escapeHtml(status)}</dt><dd>${prose(response.description)}${mediaBlocks(response.content)}</dd>`)
    .join("")}</dl>
</section>`;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fff}
a{color:#0b5d3b}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:8px;z-index:1}
header,main{max-width:960px;margin:0 auto;padding:16px}
header{border-bottom:1px solid #d0d7de}
h1{font-size:1.6rem;margin:0 0 8px}h2{font-size:1.35rem;margin:32px 0 8px;border-bottom:2px solid #0b5d3b}
h3{font-size:1.05rem;margin:0 0 4px;overflow-wrap:anywhere}h4{font-size:.95rem;margin:12px 0 4px}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
code{overflow-wrap:anywhere}
pre{background:#f4f6f8;padding:8px;overflow-x:auto;white-space:pre-wrap;overflow-wrap:anywhere}
nav ul{columns:2 220px;padding-left:20px}
.operation{border:1px solid #d0d7de;border-radius:6px;padding:12px;margin:12px 0}
.method{display:inline-block;min-width:4.2em;text-align:center;border-radius:4px;padding:0 6px;color:#fff;font-size:.85rem}
.method-get{background:#0b5d8a}.method-post{background:#0b6b3b}.method-put{background:#7a4a00}.method-delete{background:#a11d1d}
.access{color:#444}.type{color:#3d3d3d}.required{color:#a11d1d;font-size:.85em}
.media{font-weight:600;margin:8px 0 0;color:#333}
.fields{margin:4px 0;padding-left:20px}.fields li{margin:2px 0}
dl.responses dt{font-weight:700;margin-top:8px}dl.responses dd{margin-left:16px}
`;

/** The whole page; `nonce` is this response's CSP nonce for its style element. */
export function renderReferencePage(document: OpenApiDocument, nonce: string): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = ((operation.tags as string[] | undefined) ?? ["Other"])[0]!;
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationSection(path, method, operation)]);
    }
  }
  const tags = document.tags.map((tag) => tag.name).filter((name) => byTag.has(name));
  const info = document.info as { title: string; version: string; description: string };
  const schemas = Object.entries(document.components.schemas)
    .map(
      ([name, schema]) =>
        `<section class="operation" id="schema-${slug(name)}"><h3>${escapeHtml(name)}</h3>${schemaBlock(schema)}</section>`,
    )
    .join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)} reference</title>
<meta name="robots" content="noindex">
<style nonce="${escapeHtml(nonce)}">${STYLE}</style>
</head>
<body>
<a class="skip" href="#main">Skip to the reference</a>
<header>
<h1>${escapeHtml(info.title)}</h1>
<p>${prose(info.description)}</p>
<p>OpenAPI ${escapeHtml(document.openapi)} document: <a href="/api/openapi.json">/api/openapi.json</a>. Server: <code>${escapeHtml(document.servers[0]?.url ?? "")}</code>.</p>
</header>
<main id="main">
<nav aria-label="Sections"><h2>Sections</h2><ul>${tags
    .map((tag) => `<li><a href="#tag-${slug(tag)}">${escapeHtml(tag)}</a> (${byTag.get(tag)!.length})</li>`)
    .join("")}<li><a href="#schemas">Shapes</a></li></ul></nav>
${tags.map((tag) => `<section id="tag-${slug(tag)}" aria-labelledby="tag-${slug(tag)}-h"><h2 id="tag-${slug(tag)}-h">${escapeHtml(tag)}</h2>${byTag.get(tag)!.join("\n")}</section>`).join("\n")}
<section id="schemas" aria-labelledby="schemas-h"><h2 id="schemas-h">Shapes</h2>${schemas}</section>
</main>
</body>
</html>`;
}
