import { Link } from "react-router";
import { RESERVATION_MINUTES } from "#common/orders.ts";
import { RETURN_WINDOW_DAYS } from "#common/returns.ts";
import { PolicyPage, useDeliveryTexts, useSeller } from "~/components/content/policy";
import { rich } from "~/components/content/rich";
import { metaTranslator, useLocalePath, useT } from "~/lib/i18n";
import { pageMessages } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/shipping";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  return pageMeta(t("policies.shipping.metaTitle"), t("policies.shipping.metaDescription"));
};

export function loader({ request }: Route.LoaderArgs) {
  return { messages: pageMessages(request, "content", "policies") };
}

// Typical times of the serviceability table's demo ranges (migration 0011); the date for one PIN
// code is what "Check delivery" and the checkout show.
const DELIVERY_TIMES = [
  { region: "bengaluru", from: 1, to: 2 },
  { region: "metros", from: 2, to: 3 },
  { region: "south", from: 3, to: 5 },
  { region: "other", from: 4, to: 7 },
  { region: "far", from: 6, to: 10 },
];

// The states a shopper sees on My Orders, the order page and in emails, as orderStateLabel
// (common/orders.ts) words them: the statuses of orders/transitions.ts plus the prescription review.
// How long an unpaid online order is held is the checkout's reservation (RESERVATION_MINUTES; the
// sweeper in server/modules/orders/expiry.ts cancels it).
const ORDER_STATES = ["pending", "processing", "review", "approved", "rejected", "shipped", "delivered", "cancelled"];

export default function Shipping() {
  const seller = useSeller();
  const delivery = useDeliveryTexts();
  const t = useT();
  const lp = useLocalePath();
  return (
    <PolicyPage
      title={t("policies.shipping.title")}
      intro={t("policies.shipping.intro")}
      sections={[
        {
          id: "free-shipping",
          title: t("policies.shipping.free.title"),
          body: (
            <p>
              {delivery.cost} {delivery.where} {t("policies.shipping.free.prices")}
            </p>
          ),
        },
        {
          id: "serviceable-pin-codes",
          title: t("policies.shipping.where.title"),
          body: (
            <>
              <p>{t("policies.shipping.where.check")}</p>
              <p>{rich(t("policies.shipping.where.remote"), { contact: (text) => <Link to={lp("/contact")}>{text}</Link> })}</p>
            </>
          ),
        },
        {
          id: "delivery-times",
          title: t("policies.shipping.times.title"),
          body: (
            <>
              <p>
                {delivery.dispatch} {t("policies.shipping.times.rx")}
              </p>
              <table className="mt-4 w-full border-collapse text-left text-sm sm:text-base">
                <caption className="pb-2 text-left font-semibold text-gray-900">{t("policies.shipping.times.caption")}</caption>
                <thead>
                  <tr className="border-b-2 border-gray-300">
                    <th scope="col" className="py-2 pr-4 font-semibold text-gray-900">
                      {t("policies.shipping.times.region")}
                    </th>
                    <th scope="col" className="py-2 font-semibold text-gray-900">
                      {t("policies.shipping.times.time")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {DELIVERY_TIMES.map((row) => (
                    <tr key={row.region} className="border-b border-gray-200 align-top">
                      <th scope="row" className="py-2 pr-4 font-normal text-gray-800">
                        {t(`policies.shipping.times.${row.region}`)}
                      </th>
                      <td className="py-2 whitespace-nowrap text-gray-800">{t("policies.shipping.times.days", { from: row.from, to: row.to })}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p>{t("policies.shipping.times.note")}</p>
            </>
          ),
        },
        {
          id: "cash-on-delivery",
          title: t("policies.shipping.cod.title"),
          body: <p>{delivery.cod}</p>,
        },
        {
          id: "tracking",
          title: t("policies.shipping.tracking.title"),
          body: (
            <>
              <p>{t("policies.shipping.tracking.intro")}</p>
              <ul>
                {ORDER_STATES.map((state) => (
                  <li key={state}>
                    <strong>{t(`policies.shipping.state.${state}`)}</strong>:{" "}
                    {t(`policies.shipping.state.${state}Meaning`, { minutes: RESERVATION_MINUTES })}
                  </li>
                ))}
              </ul>
            </>
          ),
        },
        {
          id: "cold-chain",
          title: t("policies.shipping.cold.title"),
          body: <p>{t("policies.shipping.cold.text")}</p>,
        },
        {
          id: "receiving-your-order",
          title: t("policies.shipping.receiving.title"),
          body: (
            <ul>
              <li>{t("policies.shipping.receiving.seal")}</li>
              <li>{t("policies.shipping.receiving.attempts")}</li>
              <li>{t("policies.shipping.receiving.address")}</li>
            </ul>
          ),
        },
        {
          id: "cancellations",
          title: t("policies.shipping.cancel.title"),
          body: (
            <>
              <p>
                {rich(t("policies.shipping.cancel.how"), {
                  email: () => (seller ? <a href={`mailto:${seller.email}`}>{seller.email}</a> : t("policies.shipping.cancel.careTeam")),
                })}
              </p>
              <p>{t("policies.shipping.cancel.shipped")}</p>
            </>
          ),
        },
        {
          id: "returns-and-refunds",
          title: t("policies.shipping.returns.title"),
          body: (
            <>
              <p>{t("policies.shipping.returns.intro")}</p>
              <ul>
                <li>{t("policies.shipping.returns.wrong")}</li>
                <li>{t("policies.shipping.returns.damaged")}</li>
                <li>{t("policies.shipping.returns.expired")}</li>
              </ul>
              <p>{rich(t("policies.shipping.returns.how", { days: RETURN_WINDOW_DAYS }))}</p>
              <p>{t("policies.shipping.returns.safety")}</p>
              <h3>{t("policies.shipping.refunds.title")}</h3>
              <ul>
                <li>{t("policies.shipping.refunds.approve")}</li>
                <li>{t("policies.shipping.refunds.online")}</li>
                <li>{t("policies.shipping.refunds.cod")}</li>
                <li>{t("policies.shipping.refunds.noOrder")}</li>
              </ul>
            </>
          ),
        },
      ]}
    />
  );
}
