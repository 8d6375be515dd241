import type { Request, RequestHandler } from "express";
import { createHash, randomFillSync } from "node:crypto";
import { INVOICE_PRINT_CSS, RECEIPT_PRINT_CSS } from "#common/print-css.ts";
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
/** A prescription file shown inline on the pharmacist's review page (a PDF in a frame): the shop alone may frame it. */
const isFramedByShop = (req: Request) => req.path.startsWith("/admin/prescriptions/file/");
/** Its policy: a file, not a page (nothing runs in it); Chrome's PDF viewer needs object-src. */
const FRAMED_FILE_POLICY = "default-src 'none'; img-src 'self'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

const NONCE = "{nonce}";

/**
 * The stylesheet sonner (toasts) inserts into the head when it loads, without a nonce; held equal
 * to the installed sonner's by server/http/csp.test.ts (update it when sonner is upgraded).
 */
export const SONNER_STYLE_HASH = "sha256-StEaX+se6YS7pqjzrzMIA0KaX9zF/8zAhvQXZAe5epY=";
const styleHash = (css: string) => `sha256-${createHash("sha256").update(css).digest("base64")}`;

/**
 * `<style>` elements: ours carry the nonce (the inlined stylesheet, Radix's scroll lock through
 * get-nonce) or are known by their hash (sonner's, the print stylesheets); an injected one is not
 * applied. Style attributes stay allowed: React renders a few (star ratings, the price slider), and
 * an attribute cannot select or read other elements. Browsers without the -elem/-attr directives
 * fall back to `style-src`, kept permissive so they still show those attributes.
 * On /checkout Razorpay's checkout.js inserts its own style elements, which can carry neither a
 * nonce nor a known hash, so that page allows inline styles as before; so does Vite's dev server.
 */
function styleSources(checkout: boolean, viteDev: boolean): string[] {
  const lenient = ["style-src 'self' 'unsafe-inline'"];
  if (checkout || viteDev) return lenient;
  // sonner appends its style element empty and fills it afterwards: the empty one is checked too.
  const hashes = [SONNER_STYLE_HASH, styleHash(""), styleHash(INVOICE_PRINT_CSS), styleHash(RECEIPT_PRINT_CSS)];
  return [
    ...lenient,
    `style-src-elem 'self' 'nonce-${NONCE}' ${hashes.map((hash) => `'${hash}'`).join(" ")}`,
    "style-src-attr 'unsafe-inline'",
  ];
}

/**
 * Powerful features the shop never uses are off for it and for any frame; the Payment Request API
 * is allowed on /checkout only, for the shop and Razorpay's frames (UPI and card wallets).
 */
const PERMISSIONS = "camera=(), microphone=(), geolocation=(), usb=(), serial=(), bluetooth=(), hid=(), midi=()";
const SHOP_PERMISSIONS = `${PERMISSIONS}, payment=()`;
const CHECKOUT_PERMISSIONS = `${PERMISSIONS}, payment=(self "https://api.razorpay.com" "https://checkout.razorpay.com")`;

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
      ...styleSources(checkout, viteDev),
      // Vite's dev server needs eval for hot reload; a built shop never does.
      `script-src 'self' 'nonce-${NONCE}'${viteDev ? " 'unsafe-eval'" : ""}${checkout ? ` ${RAZORPAY_SCRIPT_ORIGIN}` : ""}`,
      `frame-src 'self'${checkout ? ` ${RAZORPAY_FRAME_ORIGINS}` : ""}`,
      `connect-src 'self'${viteDev ? " ws: wss:" : ""}`,
      ...(config.isProduction && config.publicUrl.startsWith("https://") ? ["upgrade-insecure-requests"] : []),
    ]
      .join(";")
      .split(NONCE);
  const shopParts = policy(false);
  const checkoutParts = policy(true);

  return (req, res, next) => {
    const nonce = nextNonce();
    res.locals.cspNonce = nonce;
    const checkout = isCheckoutPage(req);
    res.setHeader(
      "Content-Security-Policy",
      isFramedByShop(req) ? FRAMED_FILE_POLICY : (checkout ? checkoutParts : shopParts).join(nonce),
    );
    res.setHeader("Permissions-Policy", checkout ? CHECKOUT_PERMISSIONS : SHOP_PERMISSIONS);
    next();
  };
}

// Nonces are 128 random bits each, drawn from a pool refilled 256 at a time (also for answers
// given again from memory, finished-responses.ts).
const NONCE_BYTES = 16;
const pool = Buffer.alloc(NONCE_BYTES * 256);
let offset = pool.length;

export function nextNonce(): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const nonce = pool.toString("base64", offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}
