import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** The tsconfig path aliases (tsconfig.json "paths"), as folder prefixes. */
const ALIASES: Record<string, string> = { "~/": "app/", "#server/": "server/", "#common/": "common/", "#tests/": "tests/" };
const SOURCE = /\.(ts|tsx)$/;

export interface ImportEdge {
  to: string;
  /** `import type`, `export type`, `import("x").T` in a type: erased at build time, so no circle at run time. */
  typeOnly: boolean;
  /** `await import(...)`: loaded on first use, after both modules have finished loading. */
  dynamic: boolean;
}

/** Every .ts/.tsx file under the given folders (relative to root), tests and declaration files included. */
export function sourceFiles(root: string, folders: string[]): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(path.join(root, folder))) {
      const relative = path.posix.join(folder, name);
      if (name === "node_modules" || name.startsWith(".")) continue;
      if (statSync(path.join(root, relative)).isDirectory()) walk(relative);
      else if (SOURCE.test(name) && !name.endsWith(".d.ts")) found.push(relative);
    }
  };
  for (const folder of folders) walk(folder);
  return found.sort();
}

/** The project file an import specifier names, or undefined for packages and generated types. */
export function resolveImport(root: string, from: string, specifier: string): string | undefined {
  let target: string | undefined;
  for (const [alias, folder] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) target = folder + specifier.slice(alias.length);
  }
  if (!target && specifier.startsWith(".")) target = path.posix.join(path.posix.dirname(from), specifier);
  if (!target) return undefined;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`]) {
    if (SOURCE.test(candidate) && existsSync(path.join(root, candidate))) return path.posix.normalize(candidate);
  }
  return undefined;
}

/** The project files one source file imports, read with the TypeScript parser (comments and strings cannot fool it). */
export function importsOf(root: string, file: string): ImportEdge[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edges: ImportEdge[] = [];
  const add = (specifier: ts.Expression | undefined, typeOnly: boolean, dynamic: boolean) => {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return;
    const to = resolveImport(root, file, specifier.text);
    if (to) edges.push({ to, typeOnly, dynamic });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, node.importClause?.isTypeOnly ?? false, false);
    else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, node.isTypeOnly, false);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0], false, true);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal, true, false);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

export type ImportGraph = Map<string, string[]>;

/** Static run-time imports only (no `import type`, no dynamic `import()`), unless asked for more. */
export function importGraph(root: string, folders: string[], include: { types?: boolean; dynamic?: boolean } = {}): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of sourceFiles(root, folders)) {
    const edges = importsOf(root, file).filter((edge) => (include.types || !edge.typeOnly) && (include.dynamic || !edge.dynamic));
    graph.set(file, [...new Set(edges.map((edge) => edge.to))]);
  }
  return graph;
}

/**
 * The import circles of a graph: each strongly connected group of files (Tarjan), written as one
 * closed path through it ("a → b → a"), sorted. A file importing itself is a circle too.
 */
export function findCircles(graph: ImportGraph): string[] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];

  const connect = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter++;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1 || (graph.get(file) ?? []).includes(file)) groups.push(group);
    }
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) connect(file);

  return groups.map((group) => closedPath(graph, new Set(group))).sort();
}

/** One path from the group's first file (alphabetically) back to itself, through the group only. */
function closedPath(graph: ImportGraph, group: Set<string>): string {
  const start = [...group].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of graph.get(file) ?? []) {
      if (!group.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at: string | undefined = file; at !== start && at; at = previous.get(at)) path.splice(1, 0, at);
        return [...path, start].join(" → ");
      }
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return [...group].join(" ↔ ");
}

/** The area of a domain file: `server/modules/<area>/…`; files outside an area have none. */
export function areaOf(file: string): string | undefined {
  return /^server\/modules\/([^/]+)\//.exec(file)?.[1];
}

/**
 * The areas' graph: area → the other areas its files import (tests left out: a test may reach
 * across areas to set a scene). Loops in it are loops in the domain's layering even when no two
 * files import each other.
 */
export function areaGraph(graph: ImportGraph): ImportGraph {
  const areas = new Map<string, Set<string>>();
  for (const [file, imports] of graph) {
    const area = areaOf(file);
    if (!area || /\.test\.tsx?$/.test(file)) continue;
    const edges = areas.get(area) ?? new Set<string>();
    for (const target of imports) {
      const other = areaOf(target);
      if (other && other !== area) edges.add(other);
    }
    areas.set(area, edges);
  }
  return new Map([...areas].sort(([a], [b]) => a.localeCompare(b)).map(([area, edges]) => [area, [...edges].sort()]));
}
