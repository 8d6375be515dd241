// The message catalogues (app/i18n/<language>/<namespace>.json, decisions/065): English and Hindi
// have the same keys, each key is in its namespace's file, each message compiles and names the
// same placeholders in both languages, and every key the code uses is in the catalogues.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { SHOP_SECTIONS } from "#common/brand.ts";
import { LANGUAGES } from "#common/language.ts";
import { projectRoot } from "#server/paths.ts";
import { type CompiledMessage, formatMessage } from "~/lib/i18n.tsx";
import { CATALOGUES, catalogue } from "~/lib/i18n.server.ts";

const namespaces = Object.keys(CATALOGUES.en).sort();
const keysOf = (language: (typeof LANGUAGES)[number]) =>
  Object.values(CATALOGUES[language]).flatMap((messages) => Object.keys(messages)).sort();

/** The placeholders a compiled message names (`{count}`, `{count, plural, ...}`), nested ones too. */
function placeholders(compiled: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(compiled)) {
    for (const part of compiled) {
      if (Array.isArray(part) && typeof part[0] === "string") {
        found.add(part[0]);
        const options = part[2];
        if (options && typeof options === "object") for (const branch of Object.values(options)) placeholders(branch, found);
      } else if (Array.isArray(part)) placeholders(part, found);
    }
  }
  return found;
}

/** Every .ts/.tsx file under app/, catalogue-side modules aside. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === "i18n" ? [] : sourceFiles(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

describe("message catalogues", () => {
  it("have both languages and the same namespaces", () => {
    expect(namespaces).toContain("frame");
    for (const language of LANGUAGES) expect(Object.keys(CATALOGUES[language]).sort()).toEqual(namespaces);
  });

  it("have the same keys in English and Hindi", () => {
    const english = new Set(keysOf("en"));
    const hindi = new Set(keysOf("hi"));
    expect([...english].filter((key) => !hindi.has(key)), "missing in Hindi").toEqual([]);
    expect([...hindi].filter((key) => !english.has(key)), "missing in English").toEqual([]);
  });

  it("keep each key in its namespace's file, with a text", () => {
    for (const language of LANGUAGES) {
      for (const [namespace, messages] of Object.entries(CATALOGUES[language])) {
        for (const [key, text] of Object.entries(messages)) {
          expect(key.startsWith(`${namespace}.`), `${language}/${namespace}.json: ${key}`).toBe(true);
          expect(text.trim(), `${language} ${key}`).not.toBe("");
        }
      }
    }
  });

  it("compile, and name the same placeholders in both languages", () => {
    for (const namespace of namespaces) {
      const english = catalogue("en", namespace);
      const hindi = catalogue("hi", namespace);
      for (const key of Object.keys(english)) {
        expect([...placeholders(hindi[key])].sort(), key).toEqual([...placeholders(english[key])].sort());
      }
    }
    expect(compileMessage("{count, plural, one {# item} other {# items}}")).toEqual([["count", "plural", { one: ["#", " item"], other: ["#", " items"] }]]);
  });

  it("are formatted by the pages' runtime exactly as by Lingui's own (the library's runtime is the reference)", () => {
    // Forms the catalogues may use next: exact plural cases, select, quoted braces.
    const probes = [
      "{n, plural, =0 {none} one {# item} other {# items}} in {s, select, a {A {x}} other {other}}",
      "{count, plural, one {# आइटम} other {# आइटम}}: {name}",
      "It's '{quoted}' {a}",
    ];
    const samples = (compiled: CompiledMessage, n: number) =>
      Object.fromEntries([...placeholders(compiled)].map((name) => [name, /count|n$|quantity|year|percent/i.test(name) ? n : `«${name}»`]));
    for (const language of LANGUAGES) {
      const lingui = setupI18n({ locale: language, messages: { [language]: {} } });
      const all: [string, CompiledMessage][] = [
        ...Object.values(CATALOGUES[language]).flatMap((messages) => Object.entries(messages)),
        ...probes.map((text) => [text, text] as [string, string]),
      ].map(([id, text]) => [id, compileMessage(text) as CompiledMessage]);
      lingui.load(language, Object.fromEntries(all));
      let compared = 0;
      for (const [id, compiled] of all) {
        for (const n of [0, 1, 2, 1299, 1234567, -1234567, 0.5, 1.5]) {
          const values = samples(compiled, n);
          expect(formatMessage(compiled, values, language), `${language} ${id} (${n})`).toBe(lingui._(id, values));
          compared += 1;
        }
      }
      expect(compared).toBeGreaterThan(200);
    }
  });

  it("have every key the code uses", () => {
    const english = new Set(keysOf("en"));
    const pattern = new RegExp(`["'\`]((?:${namespaces.join("|")})\\.[\\w.-]+)["'\`]`, "g");
    const missing: string[] = [];
    let used = 0;
    for (const file of sourceFiles(path.join(projectRoot, "app"))) {
      for (const [, key] of readFileSync(file, "utf8").matchAll(pattern)) {
        used += 1;
        // A prefix ending in "." (the API sentences' sources, app/lib/api-sentences.server.ts) names the keys under it: at least one.
        const known = key.endsWith(".") ? [...english].some((name) => name.startsWith(key)) : english.has(key);
        if (!known) missing.push(`${path.relative(projectRoot, file)}: ${key}`);
      }
    }
    // Keys made from data: the shop's sections.
    for (const section of SHOP_SECTIONS) if (!english.has(`frame.section.${section.slug}`)) missing.push(`frame.section.${section.slug}`);
    expect(used).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });

});
