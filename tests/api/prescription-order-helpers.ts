// Shared by the order-by-prescription tests (decisions/058): a prescription uploaded through the API,
// and the prescriber a proposal of prescription-only medicines names.
import request from "supertest";
import type { TestShop } from "../support/test-shop.ts";
import type { TestUser } from "../support/users.ts";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n", "latin1");
export const PRESCRIBER = { prescriberName: "Dr Meera Iyer", prescriberRegistration: "KMC 56789" };

/** Uploads a small PDF as `user`'s prescription (POST /api/prescriptions); its id. */
export async function uploadFor(shop: TestShop, user: TestUser): Promise<string> {
  const res = await request(shop.app).post("/api/prescriptions").set(user.headers).attach("file", PDF, "rx.pdf").expect(201);
  return res.body._id;
}
