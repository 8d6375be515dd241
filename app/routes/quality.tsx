import { Ban, CalendarCheck, FlaskConical, Microscope, Pill, ShieldCheck, Snowflake, Stethoscope, Warehouse } from "lucide-react";
import { ButtonLink, ContentSection, FeatureGrid, StepList, TEXT_LINK, type Feature, type Step } from "~/components/content/blocks";
import { rich, useLinkTag } from "~/components/content/rich";
import { PageHero } from "~/components/ui/page-hero";
import { Static } from "~/components/ui/static";
import { metaTranslator, useLocalePath, useT } from "~/lib/i18n";
import { pageMessages } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/quality";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  return pageMeta(t("pages.quality.metaTitle"), t("pages.quality.metaDescription"));
};

export function loader({ request }: Route.LoaderArgs) {
  return { messages: pageMessages(request, "content", "pages") };
}

const PROMISES = [
  { icon: Microscope, key: "thirdParty" },
  { icon: ShieldCheck, key: "gmp" },
  { icon: Pill, key: "grade" },
  { icon: Ban, key: "noAdditives" },
];

const BATCH_TESTS = ["identity", "metals", "micro", "dissolution", "banned"];

const CONCERN_STEPS = ["keep", "note", "tell", "investigate", "fix"];

const bold = (text: string) => <strong className="text-gray-900">{text}</strong>;

export default function Quality() {
  const t = useT();
  const lp = useLocalePath();
  const link = useLinkTag(TEXT_LINK);
  const promises: Feature[] = PROMISES.map(({ icon, key }) => ({ icon, title: t(`pages.quality.${key}`), text: t(`pages.quality.${key}Text`) }));
  const concernSteps: Step[] = CONCERN_STEPS.map((key) => ({
    title: t(`pages.quality.step.${key}`),
    text: rich(t(`pages.quality.step.${key}Text`), { contact: link("/contact") }),
  }));
  return (
    <Static>
    <main id="main">
      <PageHero
        eyebrow={t("pages.quality.eyebrow")}
        title={t("pages.quality.title")}
        intro={t("pages.quality.intro")}
      />

      <ContentSection id="promise" title={t("pages.quality.promiseTitle")}>
        <FeatureGrid features={promises} columns={4} />
      </ContentSection>

      <ContentSection
        id="batch-testing"
        title={t("pages.quality.batchTitle")}
        tinted
        intro={t("pages.quality.batchIntro")}
      >
        <div className="mt-8 grid gap-8 lg:grid-cols-2">
          <ul className="space-y-4">
            {BATCH_TESTS.map((item) => (
              <li key={item} className="flex gap-3 text-gray-800">
                <FlaskConical className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
                <span>{rich(t(`pages.quality.test.${item}`), { b: (text) => <strong className="font-semibold text-gray-900">{text}</strong> })}</span>
              </li>
            ))}
          </ul>
          <div className="space-y-4 text-gray-800">
            <p>{t("pages.quality.batchRecord")}</p>
            <p>{rich(t("pages.quality.coa"), { certifications: link("/certifications") })}</p>
          </div>
        </div>
      </ContentSection>

      <ContentSection id="storage" title={t("pages.quality.storageTitle")}>
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          <li className="rounded-xl border border-gray-200 p-6 shadow-sm">
            <h3 className="flex items-center gap-2 text-lg font-semibold text-gray-900">
              <Warehouse className="h-6 w-6 text-brand-700" aria-hidden /> {t("pages.quality.warehouse")}
            </h3>
            <p className="mt-2 text-gray-700">{t("pages.quality.warehouseText")}</p>
          </li>
          <li className="rounded-xl border border-gray-200 p-6 shadow-sm">
            <h3 className="flex items-center gap-2 text-lg font-semibold text-gray-900">
              <Snowflake className="h-6 w-6 text-brand-700" aria-hidden /> {t("pages.quality.coldChain")}
            </h3>
            <p className="mt-2 text-gray-700">{t("pages.quality.coldChainText")}</p>
          </li>
        </ul>
      </ContentSection>

      <ContentSection id="expiry" title={t("pages.quality.expiryTitle")} tinted>
        <ul className="mt-6 max-w-3xl space-y-3 text-gray-800">
          <li className="flex gap-3">
            <CalendarCheck className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
            <span>{rich(t("pages.quality.expiry1"), { b: bold })}</span>
          </li>
          <li className="flex gap-3">
            <CalendarCheck className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
            <span>{t("pages.quality.expiry2")}</span>
          </li>
          <li className="flex gap-3">
            <CalendarCheck className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
            <span>{rich(t("pages.quality.expiry3"), { returns: link("/shipping#returns-and-refunds") })}</span>
          </li>
        </ul>
      </ContentSection>

      <ContentSection
        id="report-a-concern"
        title={t("pages.quality.concernTitle")}
        intro={t("pages.quality.concernIntro")}
      >
        <StepList steps={concernSteps} />
        <div className="mt-8 flex gap-3 rounded-xl border border-gray-200 bg-gray-50 p-5 text-gray-800">
          <Stethoscope className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
          <p>{rich(t("pages.quality.sideEffect"), { b: bold })}</p>
        </div>
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink to={lp("/contact")}>{t("pages.quality.report")}</ButtonLink>
          <ButtonLink to={lp("/certifications")} variant="secondary">
            {t("pages.quality.seeCertifications")}
          </ButtonLink>
        </div>
      </ContentSection>
    </main>
    </Static>
  );
}
