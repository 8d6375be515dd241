export const LOW_STOCK = 10;

/** Stock with a highlight: none left (red) or low, 10 or fewer (amber); the words say it too, not only the colour. */
export function StockCell({ stock }: { stock: number }) {
  if (stock === 0) {
    return <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">0 · Out of stock</span>;
  }
  if (stock <= LOW_STOCK) {
    return <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">{stock} · Low</span>;
  }
  return <span>{stock}</span>;
}
