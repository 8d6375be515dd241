import { RESERVATION_MINUTES } from "#common/orders.ts";
import { RETURN_WINDOW_DAYS } from "#common/returns.ts";
import { PolicyPage, useDeliveryTexts, useSeller } from "~/components/content/policy";
import { englishData, rich, useLinkTag } from "~/components/content/rich";
import { metaTranslator, useT } from "~/lib/i18n";
import { pageMessages } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/how-to-order";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  return pageMeta(t("policies.howTo.metaTitle"), t("policies.howTo.metaDescription"));
};

export function loader({ request }: Route.LoaderArgs) {
  return { messages: pageMessages(request, "content", "policies") };
}

export default function HowToOrder() {
  const seller = useSeller();
  const delivery = useDeliveryTexts();
  const t = useT();
  const link = useLinkTag();
  return (
    <PolicyPage
      title={t("policies.howTo.title")}
      intro={t("policies.howTo.intro")}
      sections={[
        {
          id: "steps",
          title: t("policies.howTo.steps.title"),
          body: (
            <ol>
              <li>
                {rich(t("policies.howTo.steps.find"), {
                  all: link("/collections/all"),
                  women: link("/collections/women-care"),
                  sports: link("/collections/sports-nutrition"),
                  kids: link("/collections/kids-nutrition"),
                })}
              </li>
              <li>{rich(t("policies.howTo.steps.details"))}</li>
              <li>{rich(t("policies.howTo.steps.cart"))}</li>
              <li>{rich(t("policies.howTo.steps.signIn"))}</li>
              <li>{rich(t("policies.howTo.steps.address"))}</li>
              <li>{rich(t("policies.howTo.steps.prescription"), { rx: link("/profile/prescriptions") })}</li>
              <li>
                {rich(t("policies.howTo.steps.pay"))} {delivery.cost}{" "}
                {t("policies.howTo.steps.payWindow", { minutes: RESERVATION_MINUTES })}
              </li>
              <li>{rich(t("policies.howTo.steps.dispatch"), { shipping: link("/shipping") })}</li>
            </ol>
          ),
        },
        {
          id: "prescriptions",
          title: t("policies.howTo.rx.title"),
          body: (
            <>
              <p>
                {seller
                  ? rich(t("policies.howTo.rx.lawPharmacist", { name: seller.pharmacistName, registration: seller.pharmacistRegistration }), { en: englishData })
                  : t("policies.howTo.rx.law")}{" "}
                {t("policies.howTo.rx.valid")}
              </p>
              <ul>
                <li>{t("policies.howTo.rx.doctor")}</li>
                <li>{t("policies.howTo.rx.patient")}</li>
                <li>{t("policies.howTo.rx.date")}</li>
                <li>{t("policies.howTo.rx.medicine")}</li>
              </ul>
              <p>{t("policies.howTo.rx.review")}</p>
              <p>{t("policies.howTo.rx.narcotic")}</p>
            </>
          ),
        },
        {
          id: "payment-methods",
          title: t("policies.howTo.pay.title"),
          body: (
            <>
              <p>{t("policies.howTo.pay.razorpay")}</p>
              <ul>
                <li>{rich(t("policies.howTo.pay.cards"))}</li>
                <li>{rich(t("policies.howTo.pay.upi"))}</li>
                <li>{rich(t("policies.howTo.pay.netBanking"))}</li>
              </ul>
              <p>{delivery.cod}</p>
              <p>{t("policies.howTo.pay.never")}</p>
            </>
          ),
        },
        {
          id: "prices-and-invoices",
          title: t("policies.howTo.prices.title"),
          body: <p>{t("policies.howTo.prices.text")}</p>,
        },
        {
          id: "changes-and-cancellations",
          title: t("policies.howTo.changes.title"),
          body: (
            <p>
              {rich(t("policies.howTo.changes.text", { days: RETURN_WINDOW_DAYS }), {
                returns: link("/shipping#returns-and-refunds"),
                terms: link("/terms"),
              })}
            </p>
          ),
        },
        {
          id: "help",
          title: t("policies.howTo.help.title"),
          body: (
            <p>
              {rich(t("policies.howTo.help.text"), {
                phone: () =>
                  seller ? <a href={`tel:${seller.phone.replace(/\s+/g, "")}`}>{seller.phone}</a> : t("policies.howTo.help.careLine"),
                contact: link("/contact"),
              })}
            </p>
          ),
        },
      ]}
    />
  );
}
