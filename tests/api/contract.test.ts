import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "#tests/support/import-graph.ts";

// The shared contract's boundaries (decisions/016): `common/` is plain code both sides import
// (no zod, nothing of the server or the pages), and the pages reach the server only through
// `*.server.ts` modules, which React Router keeps out of the browser bundle.

const root = path.resolve(import.meta.dirname, "../..");

/** Every module a file names: static, type-only, re-exported and dynamic imports alike. */
function specifiersOf(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteralLike(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push(argument.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteralLike(node.argument.literal)) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The project folder a specifier points into ("server", "app", "common"), or the package's name. */
function targetOf(file: string, specifier: string): string {
  const aliases: Record<string, string> = { "#server/": "server", "~/": "app", "#app/": "app", "#common/": "common", "#tests/": "tests" };
  for (const [alias, folder] of Object.entries(aliases)) if (specifier.startsWith(alias)) return folder;
  if (specifier.startsWith(".")) return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)).split("/")[0]!;
  return specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!;
}

const importsOf = (file: string) => specifiersOf(file, readFileSync(path.join(root, file), "utf8")).map((specifier) => ({ specifier, target: targetOf(file, specifier) }));

describe("the shared contract", () => {
  it("common/ imports no zod, nothing of the server, the pages or the tests", () => {
    const files = sourceFiles(root, ["common"]);
    expect(files.length).toBeGreaterThan(10);
    const offending = files.flatMap((file) =>
      importsOf(file)
        .filter(({ target }) => ["zod", "server", "app", "tests"].includes(target))
        .map(({ specifier }) => `${file} imports ${specifier}`),
    );
    expect(offending).toEqual([]);
  });

  it("app/ reaches the server and zod only from *.server.ts modules", () => {
    const files = sourceFiles(root, ["app"]).filter((file) => !/\.server\.tsx?$/.test(file));
    expect(files.length).toBeGreaterThan(50);
    const offending = files.flatMap((file) =>
      importsOf(file)
        .filter(({ target }) => target === "server" || target === "zod")
        .map(({ specifier }) => `${file} imports ${specifier}`),
    );
    expect(offending).toEqual([]);
  });

  it("sees type-only, re-exported, dynamic and relative imports (so the two checks above cannot be dodged)", () => {
    const text = [
      `import type { A } from "#server/a.ts";`,
      `export { b } from "../../server/b.ts";`,
      `const c = await import("#server/c.ts");`,
      `type D = import("zod/mini").ZodMiniType;`,
      `// import { e } from "#server/e.ts";`,
      `const f = "#server/f.ts";`,
    ].join("\n");
    const file = "app/routes/page.tsx";
    const specifiers = specifiersOf(file, text);
    expect(specifiers).toEqual(["#server/a.ts", "../../server/b.ts", "#server/c.ts", "zod/mini"]);
    expect(specifiers.map((specifier) => targetOf(file, specifier))).toEqual(["server", "server", "server", "zod"]);
  });
});
