import { SHIPPING_FEE_PAISE } from "#common/delivery-policy.ts";
import { gstIncludedPaise } from "#server/modules/invoices/tax.ts";

/**
 * Prices are GST-inclusive. The tax inside a line total is total − total / (1 + rate), rounded
 * once per line by the same function the invoice uses (so order and invoice agree to the paisa);
 * taxable value + tax always equals the line total.
 */
export function splitInclusiveGst(lineTotalPaise: number, gstRateBps: number): { taxablePaise: number; taxPaise: number } {
  const taxPaise = gstIncludedPaise(lineTotalPaise, gstRateBps);
  return { taxablePaise: lineTotalPaise - taxPaise, taxPaise };
}

export interface PricedLine {
  unitPricePaise: number;
  quantity: number;
  gstRateBps: number;
}

/** One place where an order's money is added up; shipping is free. */
export function orderTotals(lines: PricedLine[]) {
  let itemsPaise = 0;
  let taxPaise = 0;
  const lineTaxes = lines.map((line) => {
    const total = line.unitPricePaise * line.quantity;
    const { taxPaise: tax } = splitInclusiveGst(total, line.gstRateBps);
    itemsPaise += total;
    taxPaise += tax;
    return tax;
  });
  const shippingPaise = SHIPPING_FEE_PAISE;
  return { itemsPaise, taxPaise, shippingPaise, totalPaise: itemsPaise + shippingPaise, lineTaxes };
}
