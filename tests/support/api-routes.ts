// The routes of the mounted API routers (server/api/index.ts's route table), read from the Express
// app itself: the input-messages walk and the OpenAPI coverage test enumerate the same list, so a
// new endpoint is found by both without editing either.
import { ADMIN_ROUTES } from "#server/api/admin/index.ts";
import { API_ROUTES, RAW_BODY_ROUTES } from "#server/api/index.ts";

export interface MountedRoute {
  /** Upper case: GET, POST, PUT, DELETE… (HEAD and Express's `_all` are left out). */
  method: string;
  /** The full path as the routers write it, e.g. `/api/products/:id/reviews`. */
  route: string;
}

interface Layer {
  rawPath?: string;
  handle?: { stack?: Layer[] };
  route?: { path: string; methods: Record<string, boolean> };
}

/** The routes of one router and of the routers nested in it (the admin table's), under a path. */
function routesUnder(path: string, layers: Layer[]): MountedRoute[] {
  return layers.flatMap((layer) => {
    if (layer.handle?.stack) return routesUnder(`${path}${layer.rawPath ?? ""}`, layer.handle.stack);
    if (!layer.route) return [];
    const route = `${path}${layer.route.path === "/" ? "" : layer.route.path}`;
    return Object.keys(layer.route.methods)
      .filter((method) => method !== "_all" && method !== "head")
      .map((method) => ({ method: method.toUpperCase(), route }));
  });
}

/**
 * Every route of the routers mounted under /api, in the route table's order (RAW_BODY_ROUTES,
 * then API_ROUTES; the admin router's own table within its row). Throws when the mounted routers
 * and the tables differ, so neither can drift.
 */
export function mountedApiRoutes(app: unknown): MountedRoute[] {
  const stack = (app as { router: { stack: Layer[] } }).router.stack;
  const api = stack.find((layer) => layer.rawPath === "/api" && layer.handle?.stack);
  if (!api) throw new Error("No router is mounted at /api");
  const routers = api.handle!.stack!.filter((layer) => layer.handle?.stack);
  const mounted = routers.map((layer) => layer.rawPath ?? "");
  const table = [...RAW_BODY_ROUTES, ...API_ROUTES].map(([prefix]) => prefix);
  if (mounted.join(" ") !== table.join(" ")) {
    throw new Error(`The mounted API routers (${mounted.join(" ")}) differ from server/api/index.ts's table (${table.join(" ")})`);
  }
  const admin = routers.find((layer) => layer.rawPath === "/admin");
  const adminMounted = admin!.handle!.stack!.filter((layer) => layer.handle?.stack).map((layer) => layer.rawPath ?? "");
  const adminTable = ADMIN_ROUTES.map(([prefix]) => prefix);
  if (adminMounted.join(" ") !== adminTable.join(" ")) {
    throw new Error(`The mounted admin routers (${adminMounted.join(" ")}) differ from server/api/admin/index.ts's table (${adminTable.join(" ")})`);
  }
  return routesUnder("/api", routers);
}
