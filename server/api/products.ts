import { Router, type Request, type Response } from "express";
import { createHash } from "node:crypto";
import * as z from "zod/mini";
import { productQuerySchema } from "#common/catalog.ts";
import { reviewSchema } from "#common/schemas/review.ts";
import type { ShopContext } from "#server/context.ts";
import { HttpError, parseInput } from "#server/http/errors.ts";
import {
  getProduct,
  listProducts,
  newArrivals,
  productFacets,
  similarProducts,
} from "#server/modules/catalog/products.ts";
import { addReview, listReviews } from "#server/modules/catalog/reviews.ts";

export const PRODUCT_NOT_FOUND = "Product not found";
export const REVIEW_MESSAGES = {
  signIn: "Please sign in to write a review",
  alreadyReviewed: "You have already reviewed this product",
} as const;

const facetsQuerySchema = z.pick(productQuerySchema, { collections: true });

/** Public catalogue reads and product reviews (api-contract.md, "Products"). */
export function productsRouter({ db }: ShopContext) {
  const router = Router();

  router.get("/products", async (req, res) => {
    const query = parseInput(productQuerySchema, req.query);
    const page = await listProducts(db, query);
    res.setHeader("X-Total-Count", String(page.total));
    sendCacheable(req, res, page.products, LISTING);
  });

  router.get("/products/facets", async (req, res) => {
    const { collections } = parseInput(facetsQuerySchema, req.query);
    sendCacheable(req, res, await productFacets(db, collections), LISTING);
  });

  router.get("/products/new-arrivals", async (req, res) => {
    sendCacheable(req, res, await newArrivals(db), LISTING);
  });

  router.get("/products/similar/:id", async (req, res) => {
    const similar = await similarProducts(db, req.params.id);
    if (!similar) throw new HttpError(404, PRODUCT_NOT_FOUND);
    sendCacheable(req, res, similar, LISTING);
  });

  router.get("/products/:id", async (req, res) => {
    const product = await getProduct(db, req.params.id);
    if (!product) throw new HttpError(404, PRODUCT_NOT_FOUND);
    sendCacheable(req, res, product, LISTING);
  });

  router.get("/products/:id/reviews", async (req, res) => {
    const reviews = await listReviews(db, req.params.id);
    if (!reviews) throw new HttpError(404, PRODUCT_NOT_FOUND);
    sendCacheable(req, res, reviews, REVALIDATE);
  });

  router.post("/products/:id/reviews", async (req, res) => {
    const user = await req.sessionUser();
    if (!user) throw new HttpError(401, REVIEW_MESSAGES.signIn);
    const { rating, comment } = parseInput(reviewSchema, req.body);
    const result = await addReview(db, {
      productId: req.params.id,
      user: { id: user.id, name: user.name },
      rating,
      comment,
    });
    if (!result.ok) {
      if (result.reason === "already-reviewed") throw new HttpError(409, REVIEW_MESSAGES.alreadyReviewed);
      throw new HttpError(404, PRODUCT_NOT_FOUND);
    }
    res.status(201).json(result.review);
  });

  // Ids are opaque: a path like /api/products/../etc or /api/products/a/b names no product either.
  router.get("/products/{*rest}", () => {
    throw new HttpError(404, PRODUCT_NOT_FOUND);
  });

  return router;
}

const LISTING = "max-age=60, stale-while-revalidate=300";
const REVALIDATE = "no-cache";

/**
 * Sends public JSON with a weak ETag (304 when the client's copy is current). The body is the
 * same for everyone, but a request that carried credentials is answered `private` so no shared
 * cache stores it; `Vary` tells caches the policy depends on those headers.
 */
function sendCacheable(req: Request, res: Response, body: unknown, policy: string) {
  const json = JSON.stringify(body);
  const credentialed = Boolean(req.headers.authorization || req.headers.cookie);
  res.setHeader("Cache-Control", `${credentialed ? "private" : "public"}, ${policy}`);
  res.vary("Authorization");
  res.vary("Cookie");
  res.setHeader("ETag", weakETag(json));
  res.type("json").send(json);
}

function weakETag(body: string): string {
  const hash = createHash("sha1").update(body).digest("base64url").slice(0, 27);
  return `W/"${Buffer.byteLength(body).toString(16)}-${hash}"`;
}
