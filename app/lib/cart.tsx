import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { CartJson } from "#common/cart.ts";

/**
 * The browser's view of the cart. The server is the source of truth (the guest cookie or the
 * session identifies the cart), so nothing is kept in browser storage: the shop layout's loader
 * says whether there is a cart and how many units it holds (the header count is right in the
 * server-rendered HTML), the layout loads the cart after hydration, and every change answers
 * the whole cart, which replaces ours. Requests run one after another, so answers arrive in
 * the order the shopper acted.
 */

/** The server's cart (`CartJson`), or the empty one the browser makes up while there is none: lines and total only. */
export type Cart = Partial<CartJson> & Pick<CartJson, "products" | "totalPrice">;

export interface CartState {
  /** null until the first answer in this tab. */
  cart: Cart | null;
  /** Whether the server holds a cart for this shopper (null: not known). No cart: nothing to fetch. */
  exists: boolean | null;
  /** Units as the server rendered them, shown until the cart itself arrives. */
  seedCount: number;
  loading: boolean;
  error: string | null;
  /** The line the last failed change was about (its message is shown beside that line). */
  errorProductId: string | null;
  drawerOpen: boolean;
}

/**
 * What the shop layout's loader knows before any JavaScript runs: whether a cart exists and its
 * units (null when it could not tell). It keeps the header count right on first paint and spares
 * a shopper without a cart a GET that could only answer 404.
 */
export type CartHint = { exists: boolean; count: number } | null;

/** `missing`: the server holds no cart for this shopper (a GET answered 404, which means empty). */
export type CartResult = { ok: true; cart: Cart; missing?: boolean } | { ok: false; status: number; message: string };

export const CART_MESSAGES = {
  fetch: "Failed to fetch cart",
  add: "Failed to add to cart",
  update: "Failed to update quantity",
  remove: "Failed to remove item",
  other: "Something went wrong",
} as const;

/** The `errorProductId` of a coupon's refusal: shown beside the coupon field, not a line. */
export const COUPON_ERROR = "coupon";

export const EMPTY_CART: Cart = { products: [], totalPrice: 0 };

/** Units in a cart (what the header badge and the drawer title count). */
export function unitCount(cart: Cart): number {
  return cart.products.reduce((sum, line) => sum + line.quantity, 0);
}

/** Units in the shopper's cart: the loaded cart's, else the server-rendered figure. */
export function cartCount(state: Pick<CartState, "cart" | "seedCount">): number {
  return state.cart ? unitCount(state.cart) : state.seedCount;
}

/** A cart from a response: the whole body or its `cart` field (the server's shape, trusted). */
function toCart(data: unknown): Cart {
  const body = (data ?? {}) as Partial<Cart> & { cart?: Partial<Cart> };
  const cart = body.cart ?? body;
  return { ...cart, products: Array.isArray(cart.products) ? cart.products : [], totalPrice: Number(cart.totalPrice) || 0 };
}

async function request(method: string, body: unknown, fallback: string, path = "/api/cart"): Promise<CartResult> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? { Accept: "application/json" } : { "Content-Type": "application/json", Accept: "application/json" },
      credentials: "same-origin",
      cache: "no-store",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: fallback };
  }
  const data: unknown = await response.json().catch(() => null);
  // No cart yet is an empty cart, not an error.
  if (method === "GET" && response.status === 404) return { ok: true, cart: EMPTY_CART, missing: true };
  if (!response.ok) {
    const message = (data as { message?: unknown } | null)?.message;
    return { ok: false, status: response.status, message: typeof message === "string" && message ? message : fallback };
  }
  return { ok: true, cart: toCart(data) };
}

export type CartStore = ReturnType<typeof createCartStore>;

const initialState = (hint: CartHint): CartState => ({
  cart: hint?.exists === false ? EMPTY_CART : null,
  exists: hint ? hint.exists : null,
  seedCount: hint?.count ?? 0,
  loading: false,
  error: null,
  errorProductId: null,
  drawerOpen: false,
});

export function createCartStore(hint: CartHint = null) {
  let state: CartState = initialState(hint);
  const listeners = new Set<() => void>();
  let queue: Promise<unknown> = Promise.resolve();
  let pending = 0;

  const set = (patch: Partial<CartState>) => {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  };

  /** Queues one call; while any is pending the cart is loading and shows no error. */
  const run = (call: () => Promise<CartResult | null>, productId: string | null = null): Promise<CartResult> => {
    pending += 1;
    set({ loading: true, error: null, errorProductId: null });
    const done = queue.then(call).then(
      (result) => result,
      (): CartResult => ({ ok: false, status: 0, message: CART_MESSAGES.other }),
    );
    const settled = done.then((result): CartResult => {
      pending -= 1;
      if (!result) {
        set({ loading: pending > 0 });
        return { ok: true, cart: state.cart ?? EMPTY_CART };
      }
      if (result.ok) set({ cart: result.cart, exists: !result.missing, loading: pending > 0 });
      else set({ loading: pending > 0, error: result.message, errorProductId: productId });
      return result;
    });
    queue = settled;
    return settled;
  };

  const lineQuantity = (productId: string) => state.cart?.products.find((line) => line.productId === productId)?.quantity ?? 0;

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Loads the cart, unless the server said there is none (its GET could only answer 404). */
    fetchCart: () =>
      run(() => (state.exists === false ? Promise.resolve<CartResult>({ ok: true, cart: EMPTY_CART, missing: true }) : request("GET", undefined, CART_MESSAGES.fetch))),
    /** Starts over from a new server hint (the shopper signed in or out). */
    reset(next: CartHint) {
      const { drawerOpen } = state;
      set({ ...initialState(next), drawerOpen });
    },
    addToCart: (productId: string, quantity: number) =>
      run(() => request("POST", { productId, quantity }, CART_MESSAGES.add), productId),
    /**
     * Sets a line's quantity (at least 1). Given a function, it is applied to the line's quantity
     * as the server last reported it when the call runs, so quick repeated clicks all count.
     */
    updateQuantity: (productId: string, quantity: number | ((current: number) => number)) =>
      run(() => {
        const next = typeof quantity === "function" ? quantity(lineQuantity(productId)) : quantity;
        if (!Number.isInteger(next) || next < 1) return Promise.resolve(null);
        return request("PUT", { productId, quantity: next }, CART_MESSAGES.update);
      }, productId),
    removeItem: (productId: string) => run(() => request("DELETE", { productId }, CART_MESSAGES.remove), productId),
    /** Applies a coupon code (POST /api/cart/coupon); a refusal's sentence is the error, kept apart from the lines' (COUPON_ERROR). */
    applyCoupon: (code: string) => run(() => request("POST", { code }, CART_MESSAGES.other, "/api/cart/coupon"), COUPON_ERROR),
    removeCoupon: () => run(() => request("DELETE", {}, CART_MESSAGES.other, "/api/cart/coupon"), COUPON_ERROR),
    openDrawer() {
      if (state.drawerOpen) return;
      set({ drawerOpen: true });
    },
    closeDrawer() {
      if (!state.drawerOpen) return;
      set({ drawerOpen: false });
    },
  };
}

const CartContext = createContext<CartStore | null>(null);

/**
 * One store per page load (and per server render, where it only serves the hint). The layout
 * loads the cart after hydration, and again when the shopper signs in or out.
 */
export function CartProvider({ hint, userKey, children }: { hint: CartHint; userKey: string | null; children: React.ReactNode }) {
  const [store] = useState(() => createCartStore(hint));
  const lastUser = useRef(userKey);
  const latestHint = useRef(hint);
  latestHint.current = hint;

  useEffect(() => {
    void store.fetchCart();
  }, [store]);
  useEffect(() => {
    if (lastUser.current === userKey) return;
    lastUser.current = userKey;
    store.reset(latestHint.current);
    void store.fetchCart();
  }, [store, userKey]);

  return <CartContext.Provider value={store}>{children}</CartContext.Provider>;
}

export function useCartStore(): CartStore {
  const store = useContext(CartContext);
  if (!store) throw new Error("useCart outside <CartProvider>");
  return store;
}

/** The cart's state plus its actions. */
export function useCart() {
  const store = useCartStore();
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return { ...state, store };
}
