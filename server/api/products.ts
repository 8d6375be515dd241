import { Router, type Request, type Response } from "express";
import { createHash } from "node:crypto";
import * as z from "zod/mini";
import { productQuerySchema } from "#server/schemas/catalog.ts";
import type { ShopContext } from "#server/context.ts";
import { HttpError, parseInput, replyError } from "#server/http/errors.ts";
import { LANGUAGE_MESSAGES, requestLanguage } from "#server/http/language.ts";
import type { Language } from "#common/language.ts";
import {
  getProduct,
  listProducts,
  newArrivals,
  productFacets,
  similarProducts,
} from "#server/modules/catalog/products.ts";
import { keptPerProductsVersion } from "#server/modules/catalog/catalogue-cache.ts";
import { addReview, listReviews } from "#server/modules/catalog/reviews.ts";
import { searchSuggestions } from "#server/modules/catalog/suggestions.ts";
import { substitutesOf } from "#server/modules/catalog/substitutes.ts";
import { PRODUCT_NOT_FOUND, REVIEW_SIGN_IN_REPLY, reviewReply } from "#server/modules/catalog/replies.ts";

const suggestionsQuerySchema = z.object({ q: productQuerySchema.shape.search });

/**
 * Public catalogue reads and product reviews (api-contract.md, "Products"). Reads answer in the
 * language of `?lang=` or Accept-Language (server/http/language.ts, decisions/063).
 */
export function productsRouter(shop: ShopContext) {
  const { db, database } = shop;
  const router = Router();
  const cacheable = responseCache(database);

  router.get(
    "/",
    cacheable(LISTING, async (req, language) => {
      const query = parseInput(productQuerySchema, req.query);
      const page = await listProducts(db, query, language);
      return { body: page.products, headers: { "X-Total-Count": String(page.total) } };
    }),
  );

  router.get(
    "/facets",
    cacheable(LISTING, async (req) => {
      // The list's own filters: each option counts what the list would show with it (decisions/026).
      return { body: await productFacets(db, parseInput(productQuerySchema, req.query)) };
    }),
  );

  router.get(
    "/new-arrivals",
    cacheable(LISTING, async (_req, language) => ({ body: await newArrivals(db, language) })),
  );

  // The header's suggestions while a shopper types (decisions/028).
  router.get(
    "/suggestions",
    cacheable(LISTING, async (req, language) => {
      const { q } = parseInput(suggestionsQuerySchema, req.query);
      return { body: await searchSuggestions(db, q ?? "", language) };
    }),
  );

  router.get(
    "/similar/:id",
    cacheable(LISTING, async (req, language) => {
      const similar = await similarProducts(db, String(req.params.id), language);
      if (!similar) throw new HttpError(404, PRODUCT_NOT_FOUND);
      return { body: similar };
    }),
  );

  router.get(
    "/:id",
    cacheable(LISTING, async (req, language) => {
      const product = await getProduct(db, String(req.params.id), language);
      if (!product) throw new HttpError(404, PRODUCT_NOT_FOUND);
      return { body: product };
    }),
  );

  // Other products with the same salt composition, cheapest first (decisions/028).
  router.get(
    "/:id/substitutes",
    cacheable(LISTING, async (req, language) => {
      const substitutes = await substitutesOf(db, String(req.params.id), language);
      if (!substitutes) throw new HttpError(404, PRODUCT_NOT_FOUND);
      return { body: substitutes };
    }),
  );

  router.get("/:id/reviews", async (req, res) => {
    const reviews = await listReviews(db, req.params.id);
    if (!reviews) throw new HttpError(404, PRODUCT_NOT_FOUND);
    sendJson(req, res, prepare({ body: reviews }), REVALIDATE);
  });

  router.post("/:id/reviews", async (req, res) => {
    const user = await req.sessionUser();
    if (!user) throw replyError(REVIEW_SIGN_IN_REPLY);
    const result = await addReview(shop, { productId: req.params.id, user: { id: user.id, name: user.name } }, req.body);
    const reply = reviewReply(result);
    if (!result.ok) throw replyError(reply);
    res.status(reply.status).json(result.review);
  });

  // Ids are opaque: a path like /api/products/../etc or /api/products/a/b names no product either.
  router.get("/{*rest}", () => {
    throw new HttpError(404, PRODUCT_NOT_FOUND);
  });

  return router;
}

const LISTING = "max-age=60, stale-while-revalidate=300";
const REVALIDATE = "no-cache";

interface Reply {
  body: unknown;
  headers?: Record<string, string>;
}

interface PreparedReply {
  json: string;
  etag: string;
  headers?: Record<string, string>;
  /** The answer's language came from Accept-Language (no `lang` in the query): caches must vary on it. */
  varyLanguage?: boolean;
}

function prepare({ body, headers }: Reply): PreparedReply {
  const json = JSON.stringify(body);
  const hash = createHash("sha1").update(json).digest("base64url").slice(0, 27);
  return { json, etag: `W/"${Buffer.byteLength(json).toString(16)}-${hash}"`, headers };
}

/**
 * Sends public JSON with a weak ETag (304 when the client's copy is current). The body is the
 * same for everyone, but a request that carried credentials is answered `private` so no shared
 * cache stores it; `Vary` tells caches the policy depends on those headers.
 */
function sendJson(req: Request, res: Response, reply: PreparedReply, policy: string) {
  const credentialed = Boolean(req.headers.authorization || req.headers.cookie);
  if (reply.headers) res.set(reply.headers);
  res.setHeader("Cache-Control", `${credentialed ? "private" : "public"}, ${policy}`);
  res.vary("Authorization");
  res.vary("Cookie");
  if (reply.varyLanguage) res.vary("Accept-Language");
  res.setHeader("ETag", reply.etag);
  res.type("json").send(reply.json);
}

/** JSON is kept as a string: up to two bytes a character. */
const KEPT_REPLIES = { entries: 500, bytes: 8 << 20, sizeOf: (reply: PreparedReply) => 2 * reply.json.length } as const;

/**
 * Public catalogue responses kept in memory, by URL, while the products version they were
 * computed at is current (catalogue-cache.ts: no query on PGlite, one shared read per moment on
 * PostgreSQL, correct across processes).
 */
function responseCache(database: ShopContext["database"]) {
  const kept = keptPerProductsVersion<PreparedReply>(database, KEPT_REPLIES);
  return (policy: string, handler: (req: Request, language: Language) => Promise<Reply>) => async (req: Request, res: Response) => {
    const chosen = requestLanguage(req.query.lang, req.headers["accept-language"]);
    if (!chosen) throw new HttpError(400, LANGUAGE_MESSAGES.lang, { lang: LANGUAGE_MESSAGES.lang });
    // By language too: the same URL answers in Hindi or English by the request's Accept-Language.
    const key = `${chosen.language} ${req.originalUrl}`;
    const version = await kept.version();
    // The same bytes for every anonymous caller at this version: kept finished, too (decisions/040).
    res.locals.keepAnswerAt = version;
    const hit = kept.get(key, version);
    if (hit) return sendJson(req, res, hit, policy);
    const reply = { ...prepare(await handler(req, chosen.language)), varyLanguage: chosen.fromHeader };
    kept.keep(key, version, reply);
    sendJson(req, res, reply, policy);
  };
}
