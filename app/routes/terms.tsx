import { RETURN_WINDOW_DAYS } from "#common/returns.ts";
import { PolicyPage, useSeller } from "~/components/content/policy";
import { rich, useLinkTag } from "~/components/content/rich";
import { metaTranslator, useT } from "~/lib/i18n";
import { pageMessages } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  return pageMeta(t("policies.terms.metaTitle"), t("policies.terms.metaDescription"));
};

export function loader({ request }: Route.LoaderArgs) {
  return { messages: pageMessages(request, "content", "policies") };
}

export default function Terms() {
  const seller = useSeller();
  const t = useT();
  const link = useLinkTag();
  const sellerName = seller?.name ?? t("policies.terms.sellerFallback");
  return (
    <PolicyPage
      title={t("policies.terms.title")}
      intro={t("policies.terms.intro")}
      sections={[
        {
          id: "about-these-terms",
          title: t("policies.terms.about.title"),
          body: (
            <>
              <p>
                {rich(t("policies.terms.about.text", { seller: sellerName }), {
                  privacy: link("/privacy"),
                  shipping: link("/shipping"),
                  howTo: link("/how-to-order"),
                })}
              </p>
              <p>{t("policies.terms.about.rights")}</p>
            </>
          ),
        },
        {
          id: "your-account",
          title: t("policies.terms.account.title"),
          body: (
            <ul>
              <li>{t("policies.terms.account.age")}</li>
              <li>{t("policies.terms.account.details")}</li>
              <li>{t("policies.terms.account.password")}</li>
              <li>{t("policies.terms.account.suspend")}</li>
            </ul>
          ),
        },
        {
          id: "prescription-medicines",
          title: t("policies.terms.rx.title"),
          body: (
            <>
              <p>{rich(t("policies.terms.rx.law"))}</p>
              <ul>
                <li>{t("policies.terms.rx.upload")}</li>
                <li>{seller ? t("policies.terms.rx.reviewNamed", { name: seller.pharmacistName }) : t("policies.terms.rx.review")}</li>
                <li>{t("policies.terms.rx.contents")}</li>
                <li>{t("policies.terms.rx.quantity")}</li>
                <li>{t("policies.terms.rx.narcotic")}</li>
              </ul>
              <p>{t("policies.terms.rx.rejected")}</p>
            </>
          ),
        },
        {
          id: "health-information",
          title: t("policies.terms.health.title"),
          body: <p>{t("policies.terms.health.text")}</p>,
        },
        {
          id: "prices-and-invoices",
          title: t("policies.terms.prices.title"),
          body: (
            <ul>
              <li>{t("policies.terms.prices.rupees")}</li>
              <li>{t("policies.terms.prices.mrp")}</li>
              <li>{t("policies.terms.prices.error")}</li>
              <li>{t("policies.terms.prices.invoice")}</li>
            </ul>
          ),
        },
        {
          id: "orders-and-payment",
          title: t("policies.terms.orders.title"),
          body: (
            <>
              <p>{t("policies.terms.orders.contract")}</p>
              <p>{rich(t("policies.terms.orders.payment"), { howTo: link("/how-to-order") })}</p>
            </>
          ),
        },
        {
          id: "cancellations-returns-refunds",
          title: t("policies.terms.returns.title"),
          body: (
            <>
              <ul>
                <li>{t("policies.terms.returns.cancel")}</li>
                <li>{t("policies.terms.returns.take", { days: RETURN_WINDOW_DAYS })}</li>
                <li>{t("policies.terms.returns.safety")}</li>
                <li>{t("policies.terms.returns.refund")}</li>
              </ul>
              <p>{rich(t("policies.terms.returns.full"), { shipping: link("/shipping#returns-and-refunds") })}</p>
            </>
          ),
        },
        {
          id: "reviews-and-content",
          title: t("policies.terms.reviews.title"),
          body: <p>{t("policies.terms.reviews.text")}</p>,
        },
        {
          id: "intellectual-property",
          title: t("policies.terms.ip.title"),
          body: <p>{t("policies.terms.ip.text")}</p>,
        },
        {
          id: "liability",
          title: t("policies.terms.liability.title"),
          body: <p>{t("policies.terms.liability.text")}</p>,
        },
        {
          id: "governing-law",
          title: t("policies.terms.law.title"),
          body: (
            <>
              <p>{t("policies.terms.law.india")}</p>
              <p>{t("policies.terms.law.changes")}</p>
            </>
          ),
        },
      ]}
    />
  );
}
