// /profile/addresses and /admin/serviceability, their loaders and actions called as React Router
// calls them (a Fetch request and the load context): the same use cases and replies as the API.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequestContext } from "#server/context.ts";
import { action as adminAction, loader as adminLoader } from "~/routes/admin/serviceability.tsx";
import { action, loader } from "~/routes/profile-addresses.tsx";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, pageContext, type TestUser } from "../support/users.ts";

const ORIGIN = "http://localhost:3000";
let shop: TestShop;
let asha: TestUser;
let ravi: TestUser;
let admin: TestUser;

beforeAll(async () => {
  shop = await createTestShop();
  [asha, ravi, admin] = await Promise.all([createCustomer(shop.context), createCustomer(shop.context), createAdmin(shop.context)]);
});
afterAll(() => shop?.close());

const context = (user: TestUser | null) => pageContext(shop.context, user);
const post = (path: string, body: BodyInit) => new Request(`${ORIGIN}${path}`, { method: "POST", body });

type Handler = (args: never) => unknown;
async function run(handler: Handler, req: Request, ctx: RequestContext): Promise<{ data?: unknown; init?: ResponseInit | null } | Response> {
  try {
    return (await handler({ request: req, context: ctx, params: {} } as never)) as { data: unknown; init?: ResponseInit };
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const HOME = { fullName: "Asha Rao", phone: "+91 98450 12345", line1: "Flat 4B", city: "Bengaluru", postalCode: "560102" };
const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe("/profile/addresses", () => {
  it("signed out: to sign in, before anything is read or written", async () => {
    const res = (await run(action, post("/profile/addresses", form({ ...HOME, intent: "create" })), context(null))) as Response;
    expect(res.headers.get("Location")).toBe("/login?redirect=/profile/addresses");
    const page = (await run(loader, new Request(`${ORIGIN}/profile/addresses`), context(null))) as Response;
    expect(page.headers.get("Location")).toBe("/login?redirect=/profile/addresses");
  });

  it("adds an address and redirects back with a fixed sentence; the loader lists it", async () => {
    const res = (await run(action, post("/profile/addresses", form({ ...HOME, intent: "create" })), context(asha))) as Response;
    expect(res.headers.get("Location")).toBe("/profile/addresses?done=create");
    const page = (await run(loader, new Request(`${ORIGIN}/profile/addresses?done=create`), context(asha))) as {
      addresses: { fullName: string; state: string; phone: string }[];
      done: string | null;
    };
    expect(page.done).toBe("Address saved");
    expect(page.addresses).toEqual([expect.objectContaining({ fullName: "Asha Rao", state: "Karnataka", phone: "9845012345" })]);
    const odd = (await run(loader, new Request(`${ORIGIN}/profile/addresses?done=<script>`), context(asha))) as { done: string | null };
    expect(odd.done).toBeNull();
  });

  it("answers field errors with 400, as the API", async () => {
    const res = (await run(action, post("/profile/addresses", form({ ...HOME, postalCode: "990001", intent: "create" })), context(asha))) as {
      data: { errors: Record<string, string> };
      init: ResponseInit;
    };
    expect(res.init.status).toBe(400);
    expect(res.data.errors).toEqual({ postalCode: "We do not deliver to this PIN code yet" });
  });

  it("another customer's address: not editable, deletable or made default (404), and not shown by ?edit=", async () => {
    const page = (await run(loader, new Request(`${ORIGIN}/profile/addresses`), context(asha))) as { addresses: { _id: string }[] };
    const id = page.addresses[0]!._id;
    for (const intent of ["update", "delete", "default"]) {
      const res = (await run(action, post("/profile/addresses", form({ ...HOME, intent, id })), context(ravi))) as {
        data: { message: string };
        init: ResponseInit;
      };
      expect(res.init.status).toBe(404);
      expect(res.data.message).toBe("Address not found");
    }
    const raviPage = (await run(loader, new Request(`${ORIGIN}/profile/addresses?edit=${id}&delete=${id}`), context(ravi))) as {
      editing: unknown;
      deleting: unknown;
      addresses: unknown[];
    };
    expect(raviPage).toMatchObject({ editing: null, deleting: null, addresses: [] });
  });
});

describe("/admin/serviceability", () => {
  it("customers are sent home, before the file is read", async () => {
    const body = new FormData();
    body.set("file", new File(["x"], "a.csv", { type: "text/csv" }));
    const res = (await run(adminAction, post("/admin/serviceability", body), context(asha))) as Response;
    expect(res.headers.get("Location")).toBe("/");
  });

  it("a bad file: 400 with the rows to fix; the table as it was", async () => {
    const before = (await run(adminLoader, new Request(`${ORIGIN}/admin/serviceability`), context(admin))) as { ranges: unknown[] };
    const body = new FormData();
    body.set("file", new File(["pinFrom,pinTo,state,city,minDays,maxDays,cod\r\n110001,110099,Delhi,,2,3,perhaps\r\n"], "a.csv"));
    const res = (await run(adminAction, post("/admin/serviceability", body), context(admin))) as {
      data: { ok: boolean; errors: unknown[] };
      init: ResponseInit;
    };
    expect(res.init.status).toBe(400);
    expect(res.data).toMatchObject({ ok: false, errors: [{ row: 2, field: "cod", message: "Enter yes or no" }] });
    const after = (await run(adminLoader, new Request(`${ORIGIN}/admin/serviceability`), context(admin))) as { ranges: unknown[] };
    expect(after.ranges).toEqual(before.ranges);
  });
});
