import { PolicyPage, useSeller } from "~/components/content/policy";
import { rich, useLinkTag } from "~/components/content/rich";
import { metaTranslator, useT } from "~/lib/i18n";
import { pageMessages } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  return pageMeta(t("policies.privacy.metaTitle"), t("policies.privacy.metaDescription"));
};

export function loader({ request }: Route.LoaderArgs) {
  return { messages: pageMessages(request, "content", "policies") };
}

export default function Privacy() {
  const seller = useSeller();
  const t = useT();
  const link = useLinkTag();
  const sellerName = seller?.name ?? t("policies.terms.sellerFallback");
  const grievanceEmail = seller?.grievanceOfficerEmail;
  return (
    <PolicyPage
      title={t("policies.privacy.title")}
      intro={t("policies.privacy.intro")}
      grievanceNote={<p>{t("policies.privacy.grievanceNote")}</p>}
      sections={[
        {
          id: "who-we-are",
          title: t("policies.privacy.who.title"),
          body: <p>{t("policies.privacy.who.text", { seller: sellerName })}</p>,
        },
        {
          id: "data-we-collect",
          title: t("policies.privacy.collect.title"),
          body: (
            <ul>
              {["account", "order", "prescriptions", "payment", "messages", "newsletter", "technical"].map((item) => (
                <li key={item}>{rich(t(`policies.privacy.collect.${item}`))}</li>
              ))}
            </ul>
          ),
        },
        {
          id: "how-we-use-data",
          title: t("policies.privacy.use.title"),
          body: (
            <>
              <p>{t("policies.privacy.use.intro")}</p>
              <ul>
                {["orders", "prescriptions", "invoices", "questions", "fraud", "newsletters"].map((item) => (
                  <li key={item}>{t(`policies.privacy.use.${item}`)}</li>
                ))}
              </ul>
              <p>{t("policies.privacy.use.consent")}</p>
            </>
          ),
        },
        {
          id: "prescriptions-and-health-data",
          title: t("policies.privacy.health.title"),
          body: <p>{t("policies.privacy.health.text")}</p>,
        },
        {
          id: "sharing",
          title: t("policies.privacy.sharing.title"),
          body: (
            <>
              <p>{t("policies.privacy.sharing.intro")}</p>
              <ul>
                {["couriers", "razorpay", "providers", "authorities"].map((item) => (
                  <li key={item}>{t(`policies.privacy.sharing.${item}`)}</li>
                ))}
              </ul>
              <p>{t("policies.privacy.sharing.processors")}</p>
            </>
          ),
        },
        {
          id: "cookies",
          title: t("policies.privacy.cookies.title"),
          body: <p>{t("policies.privacy.cookies.text")}</p>,
        },
        {
          id: "retention",
          title: t("policies.privacy.retention.title"),
          body: (
            <ul>
              {["account", "prescriptions", "invoices", "messages", "newsletter", "logs"].map((item) => (
                <li key={item}>{t(`policies.privacy.retention.${item}`)}</li>
              ))}
            </ul>
          ),
        },
        {
          id: "what-we-keep",
          title: t("policies.privacy.keep.title"),
          body: (
            <>
              <p>{rich(t("policies.privacy.keep.download"), { profile: link("/profile") })}</p>
              <ul>
                <li>{rich(t("policies.privacy.keep.erased"))}</li>
                <li>{rich(t("policies.privacy.keep.anonymised"))}</li>
                <li>{rich(t("policies.privacy.keep.kept"))}</li>
              </ul>
              <p>{t("policies.privacy.keep.unfinished")}</p>
            </>
          ),
        },
        {
          id: "your-rights",
          title: t("policies.privacy.rights.title"),
          body: (
            <>
              <p>{t("policies.privacy.rights.intro")}</p>
              <ul>
                {["summary", "correct", "erase", "grievance", "nominate"].map((item) => (
                  <li key={item}>{t(`policies.privacy.rights.${item}`)}</li>
                ))}
              </ul>
              <p>
                {rich(t("policies.privacy.rights.write"), {
                  email: () => (grievanceEmail ? <a href={`mailto:${grievanceEmail}`}>{grievanceEmail}</a> : t("policies.privacy.rights.officer")),
                })}
              </p>
            </>
          ),
        },
        {
          id: "children",
          title: t("policies.privacy.children.title"),
          body: <p>{t("policies.privacy.children.text")}</p>,
        },
        {
          id: "security",
          title: t("policies.privacy.security.title"),
          body: <p>{t("policies.privacy.security.text")}</p>,
        },
        {
          id: "changes",
          title: t("policies.privacy.changes.title"),
          body: <p>{rich(t("policies.privacy.changes.text"), { contact: link("/contact") })}</p>,
        },
      ]}
    />
  );
}
