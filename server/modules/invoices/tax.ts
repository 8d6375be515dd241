/**
 * GST arithmetic for GST-inclusive prices, in integer paise.
 *
 * Rounding rule: tax is computed once per invoice line (on the line's GST-inclusive total,
 * rounded half up to the paisa); the taxable value is the line total minus that tax; CGST and
 * SGST are half each, an odd paisa going to CGST. Invoice totals are the sums of the line
 * figures, so every total adds up exactly and no paisa is lost or invented.
 */
import type { TaxSplit } from "#common/invoices.ts";

/** GST contained in a GST-inclusive amount at `rateBps` basis points (500 = 5%), rounded half up. */
export function gstIncludedPaise(grossPaise: number, rateBps: number): number {
  assertPaise(grossPaise, "grossPaise");
  if (!Number.isInteger(rateBps) || rateBps < 0) throw new RangeError(`Invalid GST rate: ${rateBps} bps`);
  // tax = gross × rate / (1 + rate), in integers: gross × bps / (10000 + bps), half up.
  const numerator = grossPaise * rateBps;
  const denominator = 10_000 + rateBps;
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}


/**
 * Splits a GST-inclusive amount carrying `taxPaise` of GST: CGST + SGST (half each) within the
 * seller's state, IGST across states.
 */
export function splitTax(grossPaise: number, taxPaise: number, interState: boolean): TaxSplit {
  assertPaise(grossPaise, "grossPaise");
  assertPaise(taxPaise, "taxPaise");
  if (taxPaise > grossPaise) throw new RangeError("Tax cannot exceed the amount it is included in");
  const taxablePaise = grossPaise - taxPaise;
  if (interState) return { grossPaise, taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise, taxPaise };
  const sgstPaise = Math.floor(taxPaise / 2);
  return { grossPaise, taxablePaise, cgstPaise: taxPaise - sgstPaise, sgstPaise, igstPaise: 0, taxPaise };
}

/** Column sums of the line splits: the invoice totals. */
export function sumSplits(lines: readonly TaxSplit[]): TaxSplit {
  const total: TaxSplit = { grossPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0 };
  for (const line of lines) {
    total.grossPaise += line.grossPaise;
    total.taxablePaise += line.taxablePaise;
    total.cgstPaise += line.cgstPaise;
    total.sgstPaise += line.sgstPaise;
    total.igstPaise += line.igstPaise;
    total.taxPaise += line.taxPaise;
  }
  return total;
}

function assertPaise(value: number, name: string) {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer of paise`);
}
