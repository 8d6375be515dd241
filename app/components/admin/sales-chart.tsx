import { useId } from "react";
import { formatRupees } from "#common/money.ts";

export interface SalesDay {
  /** YYYY-MM-DD */
  date: string;
  revenuePaise: number;
  orders: number;
}

const WIDTH = 600;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 22, left: 8 };

function shortDate(date: string): string {
  const [, month, day] = date.split("-");
  return `${Number(day)}/${Number(month)}`;
}

/**
 * Revenue (bars) and orders (line) per day as a small inline SVG, with the same figures in a
 * table for screen readers and anyone who prefers numbers. No chart library.
 */
export function SalesChart({ days }: { days: SalesDay[] }) {
  const titleId = useId();
  const descId = useId();
  const totalRevenue = days.reduce((sum, day) => sum + day.revenuePaise, 0);
  const totalOrders = days.reduce((sum, day) => sum + day.orders, 0);
  const maxRevenue = Math.max(1, ...days.map((day) => day.revenuePaise));
  const maxOrders = Math.max(1, ...days.map((day) => day.orders));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const step = days.length > 0 ? plotW / days.length : plotW;
  const barW = Math.max(2, step * 0.6);
  const x = (index: number) => PAD.left + index * step + step / 2;
  const line = days
    .map((day, index) => `${index === 0 ? "M" : "L"}${x(index).toFixed(1)},${(PAD.top + plotH - (day.orders / maxOrders) * plotH).toFixed(1)}`)
    .join(" ");
  const first = days[0];
  const last = days[days.length - 1];
  const summary =
    first && last
      ? `From ${first.date} to ${last.date}: ${formatRupees(totalRevenue)} revenue from ${totalOrders} ${totalOrders === 1 ? "order" : "orders"}.`
      : "No sales in this period.";

  return (
    <figure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${titleId} ${descId}`} className="h-auto w-full">
        <title id={titleId}>Revenue and orders over the last 30 days</title>
        <desc id={descId}>{summary}</desc>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} stroke="#9ca3af" />
        {days.map((day, index) => {
          const height = (day.revenuePaise / maxRevenue) * plotH;
          return (
            <rect
              key={day.date}
              x={x(index) - barW / 2}
              y={PAD.top + plotH - height}
              width={barW}
              height={height}
              rx={1}
              fill="#1d9a7e"
            />
          );
        })}
        {days.length > 1 ? <path d={line} fill="none" stroke="#c2541b" strokeWidth={2} /> : null}
        {first ? (
          <text x={PAD.left} y={HEIGHT - 6} fontSize={11} fill="#4b5563">
            {shortDate(first.date)}
          </text>
        ) : null}
        {last ? (
          <text x={WIDTH - PAD.right} y={HEIGHT - 6} fontSize={11} fill="#4b5563" textAnchor="end">
            {shortDate(last.date)}
          </text>
        ) : null}
      </svg>
      <figcaption className="mt-2 flex flex-wrap items-center gap-4 text-sm text-gray-700">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden className="inline-block h-3 w-3 rounded-sm bg-brand-500" /> Revenue
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden className="inline-block h-0.5 w-4 bg-accent-600" /> Orders
        </span>
        <span>{summary}</span>
      </figcaption>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-brand-800">Show the figures as a table</summary>
        <div className="mt-2 max-h-64 overflow-auto" tabIndex={0} role="region" aria-label="Figures per day">
          <table className="w-full text-left">
            <caption className="sr-only">Revenue and orders per day</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-4">Date</th>
                <th scope="col" className="py-1 pr-4">Revenue</th>
                <th scope="col" className="py-1">Orders</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date} className="border-t border-gray-200">
                  <td className="py-1 pr-4">{day.date}</td>
                  <td className="py-1 pr-4">{formatRupees(day.revenuePaise)}</td>
                  <td className="py-1">{day.orders}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
