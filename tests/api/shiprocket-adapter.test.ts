// The Shiprocket adapter against the fake (issue 31): one sign-in reused, a new one after nine
// days or after a 401 (once, not in a loop), Shiprocket's reason in every refusal, and clear
// sentences when it cannot be reached or answers nonsense.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createShiprocketClient, ShiprocketError, TOKEN_LIFETIME_MS } from "#server/modules/shipping/shiprocket.ts";
import { FAKE_LABEL_PDF, FAKE_PICKUP, startFakeShiprocket, type FakeShiprocket } from "../support/fake-shiprocket.ts";

let fake: FakeShiprocket;
beforeAll(async () => {
  fake = await startFakeShiprocket();
});
afterAll(() => fake?.close());

const LOGIN = "/v1/external/auth/login";
const ORDER_INPUT = {
  orderDate: new Date("2026-11-28T10:00:00Z"),
  pickupLocation: "Primary",
  customer: { firstName: "Asha", lastName: "Rao", address: "12 MG Road", city: "Bengaluru", pinCode: "560001", state: "Karnataka", email: "asha@example.com", phone: "9876543210" },
  lines: [{ name: "Vitamin D3", sku: "VD3", units: 2, sellingPrice: 240.5, hsn: "3004" }],
  paymentMethod: "Prepaid" as const,
  subTotal: 481,
  shippingCharges: 0,
  discount: 0,
  weightKg: 0.5,
  lengthCm: 20,
  breadthCm: 15,
  heightCm: 10,
};
const settings = () => ({ email: fake.email, password: fake.password, apiBase: fake.url });

describe("the Shiprocket adapter", () => {
  it("signs in once and reuses the token, signs in again after nine days, and once after a 401", async () => {
    let clock = Date.now();
    const client = createShiprocketClient(settings(), { now: () => clock });
    const logins = () => fake.calls(LOGIN).length;
    const before = logins();
    const created = await client.createAdhocOrder({ ...ORDER_INPUT, orderNumber: `HP-A-${Date.now()}` });
    const awb = await client.assignAwb(created.shipmentId);
    expect(awb).toMatchObject({ courierName: "Delhivery Surface", courierId: 12, expectedDelivery: "2026-12-04" });
    expect(logins()).toBe(before + 1);
    const used = fake.requests.filter((request) => request.path !== LOGIN).slice(-2);
    expect(used.map((request) => request.headers.authorization)).toEqual([`Bearer ${fake.tokens.at(-1)}`, `Bearer ${fake.tokens.at(-1)}`]);

    clock += TOKEN_LIFETIME_MS + 1;
    await client.trackAwb(awb.awb);
    expect(logins()).toBe(before + 2);

    fake.expireTokens();
    expect(await client.trackAwb(awb.awb)).toEqual({ currentStatus: "IN TRANSIT" });
    expect(logins()).toBe(before + 3);
  });

  it("gives up after one new sign-in when the fresh token is refused too", async () => {
    const client = createShiprocketClient(settings());
    await client.trackAwb("NOPE123");
    const before = fake.calls(LOGIN).length;
    fake.expireTokens();
    fake.refuse("/v1/external/courier/track/awb/NOPE123", "Token has expired", { status: 401, times: 5 });
    await expect(client.trackAwb("NOPE123")).rejects.toThrow("Shiprocket refused to read the tracking: Token has expired");
    expect(fake.calls(LOGIN).length).toBe(before + 1);
    fake.refuse("/v1/external/courier/track/awb/NOPE123", "", { times: 0 });
  });

  it("names Shiprocket's reason in a refusal, and its sign-in refusal", async () => {
    const client = createShiprocketClient(settings());
    fake.refuse("/v1/external/orders/create/adhoc", "Wrong Pickup location entered. Please choose one location from data given", { status: 422 });
    const refused = await client.createAdhocOrder({ ...ORDER_INPUT, orderNumber: `HP-B-${Date.now()}` }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ShiprocketError);
    expect((refused as Error).message).toBe("Shiprocket refused to create the order: Wrong Pickup location entered. Please choose one location from data given");
    await expect(client.createAdhocOrder({ ...ORDER_INPUT, orderNumber: `HP-C-${Date.now()}`, customer: { ...ORDER_INPUT.customer, pinCode: "" } })).rejects.toThrow(
      "Shiprocket refused to create the order: Oops! Invalid Data.; billing_pincode: The billing pincode field is required.",
    );
    const wrong = createShiprocketClient({ ...settings(), password: "not-the-password" });
    await expect(wrong.trackAwb("X1")).rejects.toThrow("Shiprocket refused the shop's sign-in: Invalid email and password combination");
  });

  it("fetches the label PDF, and refuses what is not one", async () => {
    const client = createShiprocketClient(settings());
    const created = await client.createAdhocOrder({ ...ORDER_INPUT, orderNumber: `HP-D-${Date.now()}` });
    await client.assignAwb(created.shipmentId);
    const { labelUrl } = await client.generateLabel(created.shipmentId);
    expect(await client.fetchLabel(labelUrl)).toEqual(FAKE_LABEL_PDF);
    await expect(client.fetchLabel(`${fake.url}/v1/nothing`)).rejects.toThrow("Shiprocket's label could not be fetched: it answered 401");
  });

  it("says Shiprocket could not be reached, did not answer in time, or answered something not JSON", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(createShiprocketClient({ ...settings(), apiBase: `http://127.0.0.1:${port}` }).trackAwb("X1")).rejects.toThrow(
      "Shiprocket could not be reached; try again in a few minutes",
    );

    const slow = createServer(() => undefined);
    const html = createServer((_req, res) => res.writeHead(502, { "Content-Type": "text/html" }).end("<html>Bad gateway</html>"));
    await Promise.all([slow, html].map((server) => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))));
    const base = (server: typeof slow) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await expect(createShiprocketClient({ ...settings(), apiBase: base(slow) }, { timeoutMs: 200 }).trackAwb("X1")).rejects.toThrow(
        "Shiprocket did not answer in time; try again in a few minutes",
      );
      await expect(createShiprocketClient({ ...settings(), apiBase: base(html) }).trackAwb("X1")).rejects.toThrow(
        "Shiprocket answered 502 with something that is not JSON; try again in a few minutes",
      );
    } finally {
      slow.closeAllConnections();
      await Promise.all([slow, html].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    }
  });

  it("reads the pickup address's PIN once a day, names a pickup location Shiprocket lacks, and reads serviceability", async () => {
    let clock = Date.now();
    const client = createShiprocketClient(settings(), { now: () => clock });
    const PICKUP = "/v1/external/settings/company/pickup";
    const before = fake.calls(PICKUP).length;
    expect(await client.pickupPin("bengaluru WAREHOUSE")).toBe(FAKE_PICKUP.pin);
    expect(await client.pickupPin(FAKE_PICKUP.location)).toBe(FAKE_PICKUP.pin);
    expect(fake.calls(PICKUP).length).toBe(before + 1);
    clock += 25 * 3_600_000;
    expect(await client.pickupPin(FAKE_PICKUP.location)).toBe(FAKE_PICKUP.pin);
    expect(fake.calls(PICKUP).length).toBe(before + 2);
    await expect(client.pickupPin("Chennai")).rejects.toThrow('Shiprocket has no pickup address named "Chennai" with a PIN code');

    fake.setServiceability("110001", { couriers: [{ id: 3, name: "Ekart", days: "4", cod: false }, { id: 9, name: "Xpressbees", days: 2, cod: true, state: "Delhi", city: "New Delhi" }], recommendedId: 9 });
    expect(await client.courierServiceability({ pickupPin: "560102", deliveryPin: "110001", weightKg: 0.5 })).toEqual({
      serviceable: true, state: "Delhi", city: "New Delhi", cod: true, courier: "Xpressbees", days: 2,
    });
    fake.setServiceability("110002", "unserviceable");
    expect(await client.courierServiceability({ pickupPin: "560102", deliveryPin: "110002", weightKg: 0.5 })).toEqual({ serviceable: false });
    fake.refuse("/v1/external/courier/serviceability/", "Oops! Invalid Data.", { status: 422 });
    await expect(client.courierServiceability({ pickupPin: "560102", deliveryPin: "110003", weightKg: 0.5 })).rejects.toThrow("Shiprocket refused to check the PIN code: Oops! Invalid Data.");
  });
});
