import { createContext, useContext, useEffect, useState, useSyncExternalStore } from "react";

/**
 * The browser's view of the cart. The server is the source of truth (the guest cookie or the
 * session identifies the cart), so nothing is kept in browser storage: the shop layout loads
 * the cart once after hydration, and every change answers the whole cart, which replaces ours.
 * Requests run one after another, so answers arrive in the order the shopper acted.
 */

export interface CartLine {
  productId: string;
  name: string;
  image: string;
  /** Rupees. */
  price: number;
  quantity: number;
  subcategory: string | null;
  prescriptionRequired: boolean;
  countInStock: number;
  expiryDate: string | null;
  quantityLabel: string | null;
}

export interface Cart {
  _id?: string;
  products: CartLine[];
  /** Rupees. */
  totalPrice: number;
  updatedAt?: string;
}

export interface CartState {
  /** null until the first answer (the header shows no count before it). */
  cart: Cart | null;
  loading: boolean;
  error: string | null;
  /** The line the last failed change was about (its message is shown beside that line). */
  errorProductId: string | null;
  drawerOpen: boolean;
}

export type CartResult = { ok: true; cart: Cart } | { ok: false; status: number; message: string };

export const CART_MESSAGES = {
  fetch: "Failed to fetch cart",
  add: "Failed to add to cart",
  update: "Failed to update quantity",
  remove: "Failed to remove item",
  other: "Something went wrong",
} as const;

export const EMPTY_CART: Cart = { products: [], totalPrice: 0 };

/** Units in the cart (what the header badge and the drawer title count). */
export function cartCount(cart: Cart | null): number {
  return cart ? cart.products.reduce((sum, line) => sum + line.quantity, 0) : 0;
}

function toCart(data: unknown): Cart {
  const body = (data && typeof data === "object" ? data : {}) as Record<string, unknown>;
  const raw = (body.cart && typeof body.cart === "object" ? body.cart : body) as Record<string, unknown>;
  const products = Array.isArray(raw.products) ? raw.products : [];
  return {
    _id: typeof raw._id === "string" ? raw._id : undefined,
    products: products.map((line: Record<string, unknown>) => ({
      productId: String(line.productId ?? line.id ?? ""),
      name: String(line.name ?? ""),
      image: typeof line.image === "string" ? line.image : ((line.image as { url?: string } | null)?.url ?? ""),
      price: Number(line.price) || 0,
      quantity: Number(line.quantity) || 0,
      subcategory: typeof line.subcategory === "string" ? line.subcategory : null,
      prescriptionRequired: Boolean(line.prescriptionRequired),
      countInStock: Number(line.countInStock) || 0,
      expiryDate: typeof line.expiryDate === "string" ? line.expiryDate : typeof line.date === "string" ? line.date : null,
      quantityLabel: typeof line.quantityLabel === "string" ? line.quantityLabel : null,
    })),
    totalPrice: Number(raw.totalPrice) || 0,
    updatedAt: typeof raw.updatedAt === "string" ? raw.updatedAt : undefined,
  };
}

async function request(method: string, body: unknown, fallback: string): Promise<CartResult> {
  let response: Response;
  try {
    response = await fetch("/api/cart", {
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
  if (method === "GET" && response.status === 404) return { ok: true, cart: EMPTY_CART };
  if (!response.ok) {
    const message = (data as { message?: unknown } | null)?.message;
    return { ok: false, status: response.status, message: typeof message === "string" && message ? message : fallback };
  }
  return { ok: true, cart: toCart(data) };
}

export type CartStore = ReturnType<typeof createCartStore>;

export function createCartStore() {
  let state: CartState = { cart: null, loading: false, error: null, errorProductId: null, drawerOpen: false };
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
      if (result.ok) set({ cart: result.cart, loading: pending > 0 });
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
    fetchCart: () => run(() => request("GET", undefined, CART_MESSAGES.fetch)),
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

/** One store per browser tab (and per server render, where it never loads anything). */
export function CartProvider({ children }: { children: React.ReactNode }) {
  const [store] = useState(createCartStore);
  // "The layout loads the cart on mount."
  useEffect(() => {
    void store.fetchCart();
  }, [store]);
  return <CartContext.Provider value={store}>{children}</CartContext.Provider>;
}

const SERVER_STATE: CartState = { cart: null, loading: false, error: null, errorProductId: null, drawerOpen: false };

export function useCartStore(): CartStore {
  const store = useContext(CartContext);
  if (!store) throw new Error("useCart outside <CartProvider>");
  return store;
}

/** The cart's state plus its actions. */
export function useCart() {
  const store = useCartStore();
  const state = useSyncExternalStore(store.subscribe, store.getState, () => SERVER_STATE);
  return { ...state, store };
}
