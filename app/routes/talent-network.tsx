import { BellRing, CalendarDays, Mail, Newspaper } from "lucide-react";
import { ContentSection, FeatureGrid, StepList, TEXT_LINK, type Feature, type Step } from "~/components/content/blocks";
import { rich, useLinkTag } from "~/components/content/rich";
import { PageHero } from "~/components/ui/page-hero";
import { Static } from "~/components/ui/static";
import { CAREERS_EMAIL, careersMailto } from "~/lib/careers";
import { metaTranslator, useLanguage, useT } from "~/lib/i18n";
import { pageMessages } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/talent-network";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  return pageMeta(t("careers.network.metaTitle"), t("careers.network.metaDescription"));
};

export function loader({ request }: Route.LoaderArgs) {
  return { messages: pageMessages(request, "content", "careers") };
}

/** The email's subject stays English (the careers inbox sorts by it). */
const SUBJECT = "Talent network";

const JOIN_STEPS = ["write", "tell", "cv", "confirm"];

const WHAT_WE_SEND = [
  { icon: BellRing, key: "matching" },
  { icon: CalendarDays, key: "events" },
  { icon: Newspaper, key: "update" },
];

export default function TalentNetwork() {
  const t = useT();
  const language = useLanguage();
  // English words a reader types or looks for, marked as English on the Hindi page.
  const english = (text: string) => (language === "en" ? text : <span lang="en">{text}</span>);
  const link = useLinkTag(TEXT_LINK);
  const joinSteps: Step[] = JOIN_STEPS.map((key) => ({
    title: t(`careers.network.step.${key}`),
    text: rich(t(`careers.network.step.${key}Text`), {
      email: () => (
        <a href={careersMailto(SUBJECT)} className={`break-words ${TEXT_LINK}`}>
          {CAREERS_EMAIL}
        </a>
      ),
      subject: () => <>“{english(SUBJECT)}”</>,
    }),
  }));
  const whatWeSend: Feature[] = WHAT_WE_SEND.map(({ icon, key }) => ({ icon, title: t(`careers.network.${key}`), text: t(`careers.network.${key}Text`) }));
  return (
    <Static>
    <main id="main">
      <PageHero
        eyebrow={t("careers.eyebrow")}
        title={t("careers.network.title")}
        intro={t("careers.network.intro")}
      />

      <ContentSection id="what-it-is" title={t("careers.network.whatTitle")}>
        <div className="mt-4 max-w-3xl space-y-4 text-gray-800">
          <p>{t("careers.network.what1")}</p>
          <p>{t("careers.network.what2")}</p>
        </div>
      </ContentSection>

      <ContentSection id="how-to-join" title={t("careers.network.howTitle")} tinted>
        <StepList steps={joinSteps} />
        <a
          href={careersMailto(SUBJECT)}
          className="mt-8 inline-flex items-center gap-2 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
        >
          <Mail className="h-5 w-5" aria-hidden />
          {t("careers.network.emailButton")}
        </a>
      </ContentSection>

      <ContentSection id="what-we-send" title={t("careers.network.sendTitle")} intro={t("careers.network.sendIntro")}>
        <FeatureGrid features={whatWeSend} />
      </ContentSection>

      <ContentSection id="your-details" title={t("careers.network.detailsTitle")} tinted>
        <div className="mt-4 max-w-3xl space-y-4 text-gray-800">
          <p>{rich(t("careers.network.details1"), { privacy: link("/privacy"), remove: english })}</p>
          <p>{rich(t("careers.network.details2"), { career: link("/career"), apply: link("/apply"), paths: link("/career-path") })}</p>
        </div>
      </ContentSection>
    </main>
    </Static>
  );
}
