import { RotateCcw } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { LeftOutLine } from "#common/cart.ts";
import { useOrderApiText } from "~/lib/api-sentences";
import { useTextOr } from "~/lib/api-text";
import { useCartStore } from "~/lib/cart";
import { useLocalePath } from "~/lib/i18n";

/** "Buy again" on every order but one still awaiting its online payment (that one offers "Complete payment"). */
export function buysAgain(order: { status: string; isPaid: boolean }): boolean {
  return !(order.status === "Pending" && !order.isPaid);
}

type ReorderAnswer = { ok: boolean; message: string; skipped: LeftOutLine[] };

/**
 * "Buy again" (issue 32): posts intent "reorder" to the order page's action (the orders module's
 * `reorder`, as POST /api/orders/:id/reorder), then reloads the header's cart and opens it; what
 * was left out (no longer sold, out of stock, over the limit) is listed under the button.
 */
export function BuyAgain({ orderId, orderNumber, variant }: { orderId: string; orderNumber: string; variant: "page" | "row" }) {
  const fetcher = useFetcher<ReorderAnswer>();
  const store = useCartStore();
  // Also in My Orders' rows, whose page may not send the orders' texts: English there.
  const text = useTextOr();
  const apiText = useOrderApiText();
  const lp = useLocalePath();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;

  useEffect(() => {
    if (!answer?.ok) return;
    // The server's cart changed behind the store: start over from "a cart exists" and read it.
    store.reset({ exists: true, count: 0 });
    void store.fetchCart().then(() => store.openDrawer());
  }, [answer, store]);

  const page = variant === "page";
  return (
    <div>
      <fetcher.Form method="post" action={lp(`/order/${encodeURIComponent(orderId)}`)}>
        <button
          type="submit"
          name="intent"
          value="reorder"
          disabled={busy}
          className={`inline-flex items-center justify-center gap-2 rounded-md border border-brand-700 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-70 ${page ? "w-full px-5 py-2.5 sm:w-auto" : "mt-2 px-2.5 py-1 text-xs"}`}
        >
          <RotateCcw className="h-4 w-4" aria-hidden />
          {busy ? text("orders.adding", "Adding...") : text("orders.buyAgain", "Buy again")}
          <span className="sr-only">{text("orders.buyAgainSr", ` the items of order ${orderNumber}`, { number: orderNumber })}</span>
        </button>
      </fetcher.Form>
      {answer ? (
        // Only with an answer: an empty status region on the order page would be one more "status" to tell apart.
        <div role="status" className="mt-2 max-w-xs text-sm">
          <p className={answer.ok && answer.skipped.length === 0 ? "text-brand-900" : "text-amber-900"}>{apiText(answer.message)}</p>
          {answer.skipped.length > 0 ? (
            <ul className="mt-1 list-disc pl-5 text-gray-800">
              {answer.skipped.map((line) => (
                <li key={line.productId}>
                  <span lang="en">{line.name}</span>: {apiText(line.reason)}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
