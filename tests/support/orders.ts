import { randomUUID } from "node:crypto";
import type { ShopContext } from "#server/context.ts";
import { orderLines, orders, products, type OrderStatus, type ShippingAddress } from "#server/db/schema.ts";
import { gstIncludedPaise } from "#server/modules/invoices/tax.ts";

export interface TestOrderLine {
  name?: string;
  unitPricePaise: number;
  quantity: number;
  /** Basis points, 500 = 5% (default). */
  gstRateBps?: number;
  hsnCode?: string | null;
  batchNumber?: string | null;
  expiryDate?: string | null;
}

export interface TestOrderInput {
  userId?: string | null;
  customerName?: string;
  customerEmail?: string;
  status?: OrderStatus;
  isPaid?: boolean;
  address?: Partial<ShippingAddress>;
  lines?: TestOrderLine[];
  shippingPaise?: number;
}

export const BENGALURU_ADDRESS: ShippingAddress = {
  firstName: "Asha",
  lastName: "Rao",
  address: "12 MG Road",
  city: "Bengaluru",
  postalCode: "560001",
  country: "India",
  phone: "9876543210",
  email: "asha@example.com",
};

let counter = 0;

/**
 * An order written straight into the tables (as the orders module would leave it), for tests of
 * what follows an order: invoices, emails, order pages. Products are created for its lines; line
 * tax is the GST included in the line total. Paid orders are "Processing" unless told otherwise.
 */
export async function insertOrder(shop: Pick<ShopContext, "db">, input: TestOrderInput = {}) {
  const n = ++counter;
  const lines = input.lines ?? [{ unitPricePaise: 24050, quantity: 2 }];
  const isPaid = input.isPaid ?? true;
  const address = { ...BENGALURU_ADDRESS, ...input.address };
  return shop.db.transaction(async (tx) => {
    const built = [];
    for (const [i, line] of lines.entries()) {
      const gstRateBps = line.gstRateBps ?? 500;
      const [product] = await tx
        .insert(products)
        .values({
          name: line.name ?? `Order test product ${n}.${i + 1}`,
          description: "A product for order tests",
          pricePaise: line.unitPricePaise,
          mrpPaise: line.unitPricePaise,
          category: "Sports Nutrition",
          subcategory: "Protein",
          sku: `ORDERTEST-${n}-${i + 1}-${randomUUID().slice(0, 6)}`,
          stock: 10,
          gstRateBps,
          hsnCode: line.hsnCode === undefined ? "3004" : line.hsnCode,
          images: [{ url: `/images/order-test-${n}-${i + 1}.jpg`, altText: "pack" }],
          packText: "200g",
        })
        .returning();
      const total = line.unitPricePaise * line.quantity;
      built.push({
        productId: product!.id,
        name: product!.name,
        image: product!.images[0]!.url,
        sku: product!.sku,
        hsnCode: line.hsnCode === undefined ? "3004" : line.hsnCode,
        gstRateBps,
        unitPricePaise: line.unitPricePaise,
        mrpPaise: line.unitPricePaise,
        quantity: line.quantity,
        taxPaise: gstIncludedPaise(total, gstRateBps),
        batchNumber: line.batchNumber === undefined ? `B${n}${i + 1}` : line.batchNumber,
        expiryDate: line.expiryDate === undefined ? "2028-03-31" : line.expiryDate,
      });
    }
    const itemsPaise = built.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0);
    const shippingPaise = input.shippingPaise ?? 0;
    const [order] = await tx
      .insert(orders)
      .values({
        orderNumber: `HP-TEST-${n}-${randomUUID().slice(0, 8)}`,
        userId: input.userId ?? null,
        customerName: input.customerName ?? `${address.firstName} ${address.lastName}`,
        customerEmail: input.customerEmail ?? address.email,
        status: input.status ?? (isPaid ? "Processing" : "Pending"),
        shippingAddress: address,
        itemsPaise,
        shippingPaise,
        taxPaise: built.reduce((sum, line) => sum + line.taxPaise, 0),
        totalPaise: itemsPaise + shippingPaise,
        isPaid,
        paidAt: isPaid ? new Date() : null,
      })
      .returning();
    await tx.insert(orderLines).values(built.map((line) => ({ ...line, orderId: order!.id })));
    return order!;
  });
}
