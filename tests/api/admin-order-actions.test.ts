// Only possible actions (issue 17, decisions/030): the admin's order pages offer exactly the moves
// the server's transition table accepts for that order, guards included (payment, cash on delivery,
// the pharmacist's approval), and Delete/Archive exactly where removing is allowed. One test per
// (status, guard state) and target: the order is made afresh in that state, the list says what it
// offers, then the server is asked for the move — offered and accepted must agree, and both match
// the table as written below. The server stays the authority. Shipped is asked for with its
// courier and AWB (the table's `needs`, decisions/032): offered means offered through the Ship
// form, and the bare `{ status: "Shipped" }` is a 400 exactly where Shipped is offered (else 409).
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHIPMENT_MESSAGES } from "#common/couriers.ts";
import { ADMIN_ORDER_STATUSES, type AdminOrderJson, type AdminOrderStatus } from "#common/admin.ts";
import { orders, type OrderStatus } from "#server/db/schema.ts";
import { getAdminOrder } from "#server/modules/orders/admin-orders.ts";
import { insertOrder } from "../support/orders.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, type TestUser } from "../support/users.ts";

let shop: TestShop;
let admin: TestUser;

beforeAll(async () => {
  shop = await createTestShop();
  admin = await createAdmin(shop.context);
});
afterAll(() => shop?.close());

const api = () => request(shop.app);

interface OrderState {
  name: string;
  status: OrderStatus;
  isPaid: boolean;
  cod?: boolean;
  prescription?: "pending" | "approved";
  /** The moves an admin can make from here (the transition table, read by hand). */
  moves: AdminOrderStatus[];
  /** What Delete does now; null: refused. */
  removal: "delete" | "archive" | null;
}

const STATES: OrderState[] = [
  // Unpaid: only the payment moves it on (the system), the admin may cancel it.
  { name: "Pending, not paid", status: "Pending", isPaid: false, moves: ["Cancelled"], removal: null },
  { name: "Processing, paid online", status: "Processing", isPaid: true, moves: ["Shipped", "Cancelled"], removal: null },
  // Cash on delivery ships unpaid (decisions/022).
  { name: "Processing, cash on delivery", status: "Processing", isPaid: false, cod: true, moves: ["Shipped", "Cancelled"], removal: null },
  // Nothing prescription-only leaves before a pharmacist approves (decisions/020).
  { name: "Processing, prescription under review", status: "Processing", isPaid: true, prescription: "pending", moves: ["Cancelled"], removal: null },
  { name: "Processing, prescription approved", status: "Processing", isPaid: true, prescription: "approved", moves: ["Shipped", "Cancelled"], removal: null },
  // A paid parcel on its way is delivered, never cancelled; an unpaid COD one may come back (RTO).
  { name: "Shipped, paid online", status: "Shipped", isPaid: true, moves: ["Delivered"], removal: null },
  { name: "Shipped, cash on delivery", status: "Shipped", isPaid: false, cod: true, moves: ["Delivered", "Cancelled"], removal: null },
  // Final states: no move; removable (paid ones archived, an unpaid one erased).
  { name: "Delivered", status: "Delivered", isPaid: true, moves: [], removal: "archive" },
  { name: "Cancelled after payment", status: "Cancelled", isPaid: true, moves: [], removal: "archive" },
  { name: "Cancelled unpaid", status: "Cancelled", isPaid: false, moves: [], removal: "delete" },
];

async function makeOrder(state: OrderState) {
  const order = await insertOrder(shop.context, { status: state.status, isPaid: state.isPaid });
  await shop.context.db
    .update(orders)
    .set({
      paymentMethod: state.cod ? "cod" : "razorpay",
      prescriptionStatus: state.prescription ?? null,
      // A placed order, not an unpaid checkout attempt (which the list hides, decisions/024).
      ...(state.status === "Pending" ? { reservationExpiresAt: new Date(Date.now() + 30 * 60_000) } : {}),
      ...(state.status === "Delivered" ? { isDelivered: true, deliveredAt: new Date() } : {}),
    })
    .where(eq(orders.id, order.id));
  return order;
}

/** What the admin order list offers for the order (the same state the order page gets). */
async function offered(orderNumber: string): Promise<AdminOrderJson> {
  const res = await api().get("/api/admin/orders").query({ search: orderNumber, include: "expired" }).set(admin.headers).expect(200);
  expect(res.body).toHaveLength(1);
  return res.body[0] as AdminOrderJson;
}

describe.each(STATES)("$name", (state) => {
  it.each(ADMIN_ORDER_STATUSES.filter((to) => to !== state.status))("offers %s exactly when the server accepts it", async (to) => {
    const order = await makeOrder(state);
    const listed = await offered(order.orderNumber);
    expect(listed.orderNumber).toBe(order.orderNumber);
    const page = await getAdminOrder(shop.context.db, order.id, admin.id);
    expect(page?.nextStatuses).toEqual(listed.nextStatuses);

    if (to === "Shipped") {
      const bare = await api().put(`/api/admin/orders/${order.id}`).set(admin.headers).send({ status: to });
      expect(bare.status, JSON.stringify(bare.body)).toBe(listed.nextStatuses.includes(to) ? 400 : 409);
      if (bare.status === 400) expect(bare.body.message).toBe(SHIPMENT_MESSAGES.needed);
    }
    const body = to === "Shipped" ? { status: to, courier: "delhivery", awb: "1234567890123" } : { status: to };
    const res = await api().put(`/api/admin/orders/${order.id}`).set(admin.headers).send(body);
    expect([200, 409], JSON.stringify(res.body)).toContain(res.status);
    const accepted = res.status === 200;
    expect(listed.nextStatuses.includes(to), `offered ${to} from ${state.name}`).toBe(accepted);
    expect(accepted, `table says ${to} from ${state.name}`).toBe(state.moves.includes(to));
    if (!accepted) expect(res.body.message).toMatch(/^[A-Z].*[^.]$/);
  });

  it("offers Delete or Archive exactly when the server removes the order", async () => {
    const order = await makeOrder(state);
    const listed = await offered(order.orderNumber);
    expect(listed.removal).toBe(state.removal);
    const res = await api().delete(`/api/admin/orders/${order.id}`).set(admin.headers);
    expect(res.status, JSON.stringify(res.body)).toBe(state.removal ? 200 : 409);
  });
});
