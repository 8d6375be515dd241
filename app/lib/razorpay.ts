/**
 * Razorpay Standard Checkout in the browser (../shared/docs/payments.md, step 2): the script
 * from Razorpay's host, loaded once with the page's CSP nonce, and a promise-shaped wrapper
 * around its modal. Only the key id, the provider order id, the amount and the currency come
 * from our server; the signature check happens back on the server.
 */

export const RAZORPAY_SCRIPT_URL = "https://checkout.razorpay.com/v1/checkout.js";

export const SDK_FAILED_TO_LOAD = "Razorpay SDK failed to load";

/** The three fields the widget hands to its `handler`, as `POST /api/checkout/:orderId/verify` takes them. */
export interface PaymentResult {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface RazorpayOptions {
  key: string;
  /** Paise. */
  amount: number;
  currency: "INR";
  order_id: string;
  name: string;
  description: string;
  image?: string;
  prefill: { name: string; email: string; contact: string };
  notes: Record<string, string>;
  theme: { color: string };
  handler: (response: PaymentResult) => void;
  modal: { ondismiss: () => void; escape?: boolean };
}

interface PaymentFailedEvent {
  error?: { code?: string; description?: string; reason?: string; metadata?: { order_id?: string; payment_id?: string } };
}

interface RazorpayInstance {
  open(): void;
  close?(): void;
  on(event: "payment.failed", listener: (event: PaymentFailedEvent) => void): void;
}

type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<boolean> | null = null;

/**
 * Loads checkout.js once. Resolves false when it cannot be loaded (offline, blocked), and a
 * later call tries again. The script carries the nonce of the page's own scripts, which is
 * what the Content-Security-Policy admits.
 */
export function loadRazorpay(): Promise<boolean> {
  if (typeof window === "undefined") return Promise.resolve(false);
  if (window.Razorpay) return Promise.resolve(true);
  loading ??= new Promise<boolean>((resolve) => {
    const script = document.createElement("script");
    script.src = RAZORPAY_SCRIPT_URL;
    script.async = true;
    const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
    if (nonce) script.nonce = nonce;
    script.onload = () => resolve(Boolean(window.Razorpay));
    script.onerror = () => {
      script.remove();
      resolve(false);
    };
    document.head.appendChild(script);
  }).then((loaded) => {
    if (!loaded) loading = null;
    return loaded;
  });
  return loading;
}

export type RazorpayOutcome =
  | { kind: "paid"; result: PaymentResult }
  | { kind: "dismissed" }
  | { kind: "unavailable" };

/**
 * Opens the modal. `onFailed` reports each failed attempt (the shopper may retry inside the
 * modal, so a failure is not the end); the promise settles when the shopper pays or closes it.
 */
export function openRazorpay(
  options: Omit<RazorpayOptions, "handler" | "modal">,
  onFailed: (description: string) => void,
): Promise<RazorpayOutcome> {
  const Razorpay = typeof window === "undefined" ? undefined : window.Razorpay;
  if (!Razorpay) return Promise.resolve({ kind: "unavailable" });
  return new Promise((resolve) => {
    const checkout = new Razorpay({
      ...options,
      handler: (result) => resolve({ kind: "paid", result }),
      modal: { ondismiss: () => resolve({ kind: "dismissed" }), escape: true },
    });
    checkout.on("payment.failed", (event) => {
      onFailed(event.error?.description || event.error?.reason || "Payment was not completed");
    });
    checkout.open();
  });
}
