import { Award, BadgeCheck, ClipboardCheck, Factory, FileCheck, ShieldCheck } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import { ButtonLink, ContentSection, StepList, TEXT_LINK, type Step } from "~/components/content/blocks";
import { englishData, rich } from "~/components/content/rich";
import { PageHero } from "~/components/ui/page-hero";
import { Static } from "~/components/ui/static";
import { metaTranslator, useLocalePath, useT } from "~/lib/i18n";
import { pageMessages } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/certifications";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  return pageMeta(t("pages.certs.metaTitle"), t("pages.certs.metaDescription"));
};

export function loader({ request }: Route.LoaderArgs) {
  return { messages: pageMessages(request, "content", "pages") };
}

/** `name`: the certificate's own name, or the key of its name in the page's language. */
const CERTIFICATIONS = [
  { icon: Award, id: "whoGmp", name: "WHO-GMP", year: "2019" },
  { icon: BadgeCheck, id: "iso9001", name: "ISO 9001:2015", year: "2018" },
  { icon: FileCheck, id: "fssai", name: "pages.certs.fssaiName", year: "2016" },
  { icon: ShieldCheck, id: "iso22000", name: "pages.certs.isoHaccpName", year: "2020" },
  { icon: Factory, id: "cdsco", name: "pages.certs.cdscoName", year: "2017" },
  { icon: ClipboardCheck, id: "fssc", name: "FSSC 22000", year: "2022" },
];

const PROCESS = ["suppliers", "raw", "production", "finished", "release", "monitor"];

export default function Certifications() {
  const seller = useRouteLoaderData<typeof rootLoader>("root")?.seller;
  const t = useT();
  const lp = useLocalePath();
  const process: Step[] = PROCESS.map((key) => ({ title: t(`pages.certs.step.${key}`), text: t(`pages.certs.step.${key}Text`) }));
  return (
    <Static>
    <main id="main">
      <PageHero
        eyebrow={t("pages.certs.eyebrow")}
        title={t("pages.certs.title")}
        intro={t("pages.certs.intro")}
      />

      <ContentSection id="certificates" title={t("pages.certs.listTitle")}>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {CERTIFICATIONS.map(({ icon: Icon, id, name, year }) => (
            <li key={id} className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
                  <Icon className="h-6 w-6" aria-hidden />
                </span>
                <h3 className="text-lg font-semibold text-gray-900">{name.startsWith("pages.") ? t(name) : name}</h3>
              </div>
              <dl className="mt-4 space-y-3">
                <div>
                  <dt className="text-sm font-semibold uppercase tracking-wide text-brand-800">{t("pages.certs.since")}</dt>
                  <dd className="text-gray-900">
                    <time dateTime={year}>{year}</time>
                  </dd>
                </div>
                <div>
                  <dt className="text-sm font-semibold uppercase tracking-wide text-brand-800">{t("pages.certs.issuedBy")}</dt>
                  <dd className="text-gray-800">{t(`pages.certs.${id}.issuer`)}</dd>
                </div>
                <div>
                  <dt className="text-sm font-semibold uppercase tracking-wide text-brand-800">{t("pages.certs.scope")}</dt>
                  <dd className="text-gray-800">{t(`pages.certs.${id}.scope`)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
        {seller ? (
          <p className="mt-8 text-gray-800">
            {rich(
              t("pages.certs.licence", {
                licence: seller.drugLicence,
                pharmacist: seller.pharmacistName,
                registration: seller.pharmacistRegistration,
              }),
              { en: englishData },
            )}
          </p>
        ) : null}
      </ContentSection>

      <ContentSection id="commitment" title={t("pages.certs.commitmentTitle")} tinted>
        <div className="mt-6 grid gap-8 lg:grid-cols-2">
          <p className="text-lg text-gray-800">{t("pages.certs.commitmentText")}</p>
          <ul className="space-y-3 text-gray-800">
            {[1, 2, 3, 4].map((n) => (
              <li key={n} className="flex gap-3">
                <BadgeCheck className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
                <span>{t(`pages.certs.commitment${n}`)}</span>
              </li>
            ))}
          </ul>
        </div>
      </ContentSection>

      <ContentSection
        id="process"
        title={t("pages.certs.processTitle")}
        intro={t("pages.certs.processIntro")}
      >
        <StepList steps={process} />
      </ContentSection>

      <ContentSection id="learn-more" title={t("pages.certs.moreTitle")} tinted>
        <p className="mt-3 max-w-3xl text-gray-800">
          {rich(t("pages.certs.moreText"), {
            quality: (text) => (
              <Link to={lp("/quality")} className={TEXT_LINK}>
                {text}
              </Link>
            ),
          })}
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to={lp("/quality")}>{t("pages.certs.qualityButton")}</ButtonLink>
          <ButtonLink to={lp("/contact")} variant="secondary">
            {t("pages.certs.request")}
          </ButtonLink>
        </div>
      </ContentSection>
    </main>
    </Static>
  );
}
