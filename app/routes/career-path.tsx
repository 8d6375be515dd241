import { BookOpen, FlaskConical, Handshake, Pill, ShieldCheck, Users } from "lucide-react";
import { Link } from "react-router";
import { ButtonLink, ContentSection, FeatureGrid, TEXT_LINK, type Feature } from "~/components/content/blocks";
import { rich } from "~/components/content/rich";
import { PageHero } from "~/components/ui/page-hero";
import { Static } from "~/components/ui/static";
import { metaTranslator, useLocalePath, useT } from "~/lib/i18n";
import { pageMessages } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/career-path";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  return pageMeta(t("careers.paths.metaTitle"), t("careers.paths.metaDescription"));
};

export function loader({ request }: Route.LoaderArgs) {
  return { messages: pageMessages(request, "careers") };
}

/** The four tracks, each with four levels (`careers.paths.<id>.1` … `.4`). */
const TRACKS = [
  { id: "pharmacy", icon: Pill },
  { id: "quality", icon: ShieldCheck },
  { id: "research", icon: FlaskConical },
  { id: "sales", icon: Handshake },
];

const PROGRAMMES = [
  { icon: BookOpen, key: "academy" },
  { icon: ShieldCheck, key: "gmpSchool" },
  { icon: FlaskConical, key: "science" },
  { icon: Users, key: "mentoring" },
];

export default function CareerPath() {
  const t = useT();
  const lp = useLocalePath();
  const programmes: Feature[] = PROGRAMMES.map(({ icon, key }) => ({ icon, title: t(`careers.paths.${key}`), text: t(`careers.paths.${key}Text`) }));
  return (
    <Static>
    <main id="main">
      <PageHero
        eyebrow={t("careers.eyebrow")}
        title={t("careers.paths.title")}
        intro={t("careers.paths.intro")}
      />

      <ContentSection id="tracks" title={t("careers.paths.tracksTitle")} intro={t("careers.paths.tracksIntro")}>
        <ul className="mt-8 grid gap-6 lg:grid-cols-2">
          {TRACKS.map(({ id, icon: Icon }) => (
            <li key={id} className="rounded-xl border border-gray-200 p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-800">
                  <Icon className="h-6 w-6" aria-hidden />
                </span>
                <h3 className="text-xl font-semibold text-gray-900">{t(`careers.paths.${id}.name`)}</h3>
              </div>
              <p className="mt-3 text-gray-700">{t(`careers.paths.${id}.summary`)}</p>
              <ol className="mt-4 space-y-3 border-l-2 border-brand-200 pl-5" aria-label={t("careers.paths.levels", { track: t(`careers.paths.${id}.name`) })}>
                {[1, 2, 3, 4].map((level) => (
                  <li key={level}>
                    <span className="block font-semibold text-gray-900">{t(`careers.paths.${id}.${level}`)}</span>
                    <span className="block text-gray-700">{t(`careers.paths.${id}.${level}Text`)}</span>
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="growth" title={t("careers.paths.growthTitle")} tinted>
        <ul className="mt-6 max-w-3xl list-disc space-y-3 pl-6 text-gray-800">
          {[1, 2, 3, 4].map((n) => (
            <li key={n}>{t(`careers.paths.growth${n}`)}</li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="learning" title={t("careers.paths.learningTitle")} intro={t("careers.paths.learningIntro")}>
        <FeatureGrid features={programmes} columns={2} />
      </ContentSection>

      <ContentSection id="start" title={t("careers.paths.startTitle")} tinted>
        <p className="mt-3 max-w-3xl text-gray-800">
          {rich(t("careers.paths.startText"), {
            career: (text) => (
              <Link to={lp("/career")} className={TEXT_LINK}>
                {text}
              </Link>
            ),
          })}
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to={lp("/apply")}>{t("careers.paths.howToApply")}</ButtonLink>
          <ButtonLink to={lp("/talent-network")} variant="secondary">
            {t("careers.paths.joinNetwork")}
          </ButtonLink>
        </div>
      </ContentSection>
    </main>
    </Static>
  );
}
