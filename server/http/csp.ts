import type { Request, RequestHandler } from "express";
import { randomFillSync } from "node:crypto";
import type { Config } from "#server/config.ts";

declare global {
  namespace Express {
    interface Locals {
      /** This response's nonce: inline scripts and styles the page renders carry it. */
      cspNonce: string;
    }
  }
}

/** Razorpay's checkout.js and its frames are admitted on the checkout page only. */
const RAZORPAY_SCRIPT_ORIGIN = "https://checkout.razorpay.com";
const RAZORPAY_FRAME_ORIGINS = "https://api.razorpay.com https://checkout.razorpay.com";
const isCheckoutPage = (req: Request) => req.path === "/checkout" || req.path === "/checkout/";

const NONCE = "{nonce}";

/**
 * The Content-Security-Policy: no inline script without this response's nonce, no framing of
 * the shop, nothing loaded from other origins except Razorpay's checkout on the checkout page.
 * Both policies are written once; a request only fills in its nonce.
 */
export function contentSecurityPolicy(config: Config, viteDev: boolean): RequestHandler {
  const policy = (checkout: boolean) =>
    [
      "default-src 'self'",
      "base-uri 'self'",
      "object-src 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      // Vite's dev server needs eval for hot reload; a built shop never does.
      `script-src 'self' 'nonce-${NONCE}'${viteDev ? " 'unsafe-eval'" : ""}${checkout ? ` ${RAZORPAY_SCRIPT_ORIGIN}` : ""}`,
      `frame-src 'self'${checkout ? ` ${RAZORPAY_FRAME_ORIGINS}` : ""}`,
      `connect-src 'self'${viteDev ? " ws: wss:" : ""}`,
      ...(config.isProduction && config.publicUrl.startsWith("https://") ? ["upgrade-insecure-requests"] : []),
    ]
      .join(";")
      .split(NONCE);
  const [shopBefore, shopAfter] = policy(false);
  const [checkoutBefore, checkoutAfter] = policy(true);

  return (req, res, next) => {
    const nonce = nextNonce();
    res.locals.cspNonce = nonce;
    res.setHeader(
      "Content-Security-Policy",
      isCheckoutPage(req) ? checkoutBefore + nonce + checkoutAfter : shopBefore + nonce + shopAfter,
    );
    next();
  };
}

// Nonces are 128 random bits each, drawn from a pool refilled 256 at a time.
const NONCE_BYTES = 16;
const pool = Buffer.alloc(NONCE_BYTES * 256);
let offset = pool.length;

function nextNonce(): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const nonce = pool.toString("base64", offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}
