// The Hindi storefront (issue 34, decisions/065) as a browser gets it from the built shop: every
// page of the shop layout also under /hi with <html lang="hi">, both versions naming each other
// (hreflang en-IN, hi-IN, x-default = English), a canonical per language, og:locale, the texts
// from the Hindi catalogue, links that stay in the page's language, a language switch that keeps
// the path and the query, the font preloaded on Hindi pages only, and the sitemap listing both.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild, freePort, startServer, waitUntilReady, type ServerProcess } from "../support/server-process.ts";

let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  await ensureBuild();
  dataDir = await mkdtemp(path.join(tmpdir(), "hindi-pages-"));
  server = startServer(await freePort(), { DATA_DIR: dataDir, SEED_DEMO: "1" });
  await waitUntilReady(server, 120_000);
}, 300_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function page(pathname: string): Promise<{ status: number; html: string }> {
  const res = await fetch(`${server.url}${pathname}`);
  return { status: res.status, html: await res.text() };
}

const attribute = (html: string, pattern: RegExp) => html.match(pattern)?.[1];
const alternates = (html: string) =>
  Object.fromEntries([...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((match) => [match[1], match[2]]));

describe("Hindi pages under /hi", () => {
  it("answer 200 in Hindi, name both versions, and keep English pages English", { timeout: 60_000 }, async () => {
    const base = server.url;
    for (const [english, hindi] of [
      ["/", "/hi"],
      ["/collections/all?sort=price-asc", "/hi/collections/all?sort=price-asc"],
      ["/about", "/hi/about"],
      ["/login", "/hi/login"],
    ] as const) {
      const en = await page(english);
      const hi = await page(hindi);
      expect(en.status, english).toBe(200);
      expect(hi.status, hindi).toBe(200);
      expect(attribute(en.html, /<html lang="([^"]+)"/)).toBe("en-IN");
      expect(attribute(hi.html, /<html lang="([^"]+)"/)).toBe("hi");
      const bare = english.split("?")[0]!;
      const expected = { "en-IN": `${base}${bare}`, "hi-IN": `${base}${hindi.split("?")[0]}`, "x-default": `${base}${bare}` };
      expect(alternates(en.html)).toEqual(expected);
      expect(alternates(hi.html)).toEqual(expected);
      expect(attribute(hi.html, /<link rel="canonical" href="([^"]+)"/)).toBe(`${base}${hindi.split("?")[0]}`);
      expect(attribute(en.html, /<meta property="og:locale" content="([^"]+)"/)).toBe("en_IN");
      expect(attribute(hi.html, /<meta property="og:locale" content="([^"]+)"/)).toBe("hi_IN");
      // The frame in each language: the skip link and the switch to the other language, same path and query.
      expect(en.html).toContain(">Skip to content</a>");
      expect(hi.html).toContain(">मुख्य सामग्री पर जाएँ</a>");
      expect(en.html).toContain(`href="${hindi.replace("&", "&amp;")}"`);
      expect(hi.html).toContain(`href="${english.replace("&", "&amp;")}"`);
    }
  });

  it("keeps internal links in Hindi on Hindi pages, and preloads the Devanagari font there only", async () => {
    const hi = await page("/hi");
    expect(hi.html).toContain('href="/hi/about"');
    expect(hi.html).toContain('href="/hi/collections/women-care"');
    expect(hi.html).not.toMatch(/<a [^>]*href="\/about"/);
    expect(hi.html).toContain('<link rel="preload" href="/fonts/noto-sans-devanagari-400.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>');
    const en = await page("/");
    expect(en.html).toContain('href="/about"');
    expect(en.html).not.toContain("noto-sans-devanagari-400.woff2\" as=\"font\"");
    const font = await fetch(`${server.url}/fonts/noto-sans-devanagari-400.woff2`);
    expect(font.status).toBe(200);
    expect(Buffer.from(await font.arrayBuffer()).subarray(0, 4).toString("latin1")).toBe("wOF2");
  });

  it("answers an unknown /hi address with the Hindi 404 page", async () => {
    const missing = await page("/hi/no-such-page");
    expect(missing.status).toBe(404);
    expect(attribute(missing.html, /<html lang="([^"]+)"/)).toBe("hi");
    expect(missing.html).toContain("पेज नहीं मिला");
  });

  it("lists both languages in the sitemap", async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(xml).toContain(`<loc>${server.url}/hi/about</loc>`);
    expect(xml).toContain(`<loc>${server.url}/about</loc>`);
  });
});
