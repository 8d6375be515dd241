import { DEFAULT_LOW_STOCK_THRESHOLD } from "#common/admin.ts";

/**
 * Stock with a highlight: none left (red) or low, at or below the product's threshold (amber; the
 * default when not given); the words say it too, not only the colour.
 */
export function StockCell({ stock, threshold = DEFAULT_LOW_STOCK_THRESHOLD }: { stock: number; threshold?: number }) {
  if (stock === 0) {
    return <span className="whitespace-nowrap rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">0 · Out of stock</span>;
  }
  if (stock <= threshold) {
    return <span className="whitespace-nowrap rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">{stock} · Low</span>;
  }
  return <span>{stock}</span>;
}
