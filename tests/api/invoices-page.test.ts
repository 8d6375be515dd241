// The invoice page's loader and meta, called the way React Router calls them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { afterOrderPaid } from "#server/modules/orders/side-effects.ts";
import { loader as invoiceLoader, meta as invoiceMeta } from "~/routes/invoice.tsx";
import { insertOrder } from "../support/orders.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, pageContext, type TestUser } from "../support/users.ts";

const ORIGIN = "http://localhost:3000";
let shop: TestShop;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;

beforeAll(async () => {
  shop = await createTestShop();
  [owner, stranger, admin] = await Promise.all([createCustomer(shop.context), createCustomer(shop.context), createAdmin(shop.context)]);
});
afterAll(() => shop?.close());

const context = (user: TestUser | null) => pageContext(shop.context, user);

type Outcome = { redirect: string } | { status: number } | { data: Awaited<ReturnType<typeof invoiceLoader>> };

async function load(orderId: string, user: TestUser | null): Promise<Outcome> {
  const path = `/order/${orderId}/invoice`;
  try {
    return { data: await invoiceLoader({ request: new Request(`${ORIGIN}${path}`), context: context(user), params: { orderId } } as never) };
  } catch (thrown) {
    if (thrown instanceof Response) return { redirect: thrown.headers.get("Location")! };
    const init = (thrown as { init?: ResponseInit | null } | null)?.init;
    if (init?.status) return { status: init.status };
    throw thrown;
  }
}

async function paidOrder() {
  const order = await insertOrder(shop.context, { userId: owner.id, lines: [{ name: "Calcium tablets", unitPricePaise: 24050, quantity: 2 }] });
  await shop.context.db.transaction((tx) => afterOrderPaid(shop.context, tx, order.id));
  return order;
}

describe("invoice page loader", () => {
  it("sends a signed-out visitor to sign in, coming back to the invoice", async () => {
    const order = await paidOrder();
    expect(await load(order.id, null)).toEqual({
      redirect: `/login?${new URLSearchParams({ redirect: `/order/${order.id}/invoice` })}`,
    });
  });

  it("gives the owner and an admin the invoice, with a title and description", async () => {
    const order = await paidOrder();
    for (const viewer of [owner, admin]) {
      const outcome = await load(order.id, viewer);
      expect(outcome).toHaveProperty("data");
      const { invoice } = (outcome as { data: { invoice: { serial: string; order: { orderNumber: string }; grandTotalPaise: number } } }).data;
      expect(invoice.serial).toMatch(/^INV\/\d{4}\/\d{6}$/);
      expect(invoice.grandTotalPaise).toBe(48100);
      // The page's texts come from the matched routes' messages (the invoice page's own loader sends them).
      const messages = (outcome as { data: { messages: unknown } }).data.messages;
      const tags = invoiceMeta({ data: { invoice }, location: { pathname: `/order/${order.id}/invoice` }, matches: [{ data: { messages } }] } as never) as Array<
        Record<string, string>
      >;
      expect(tags).toContainEqual({ title: `Tax invoice ${invoice.serial} | Healthcare Pharma` });
      expect(tags.find((t) => t.name === "description")?.content).toContain(order.orderNumber);
      expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    }
  });

  it("is the 404 page for another customer, an unknown order and an unpaid order", async () => {
    const order = await paidOrder();
    expect(await load(order.id, stranger)).toEqual({ status: 404 });
    expect(await load(crypto.randomUUID(), owner)).toEqual({ status: 404 });
    const unpaid = await insertOrder(shop.context, { userId: owner.id, isPaid: false });
    expect(await load(unpaid.id, owner)).toEqual({ status: 404 });
    expect(invoiceMeta({ data: undefined } as never)).toEqual([]);
  });
});
