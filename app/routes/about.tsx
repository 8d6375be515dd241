import { Apple, Baby, Dumbbell, Eye, HeartPulse, Mail, MapPin, Phone, ShieldPlus, Sparkles, Target, Venus } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import { SHOP_NAME } from "#common/brand.ts";
import { ButtonLink, ContentSection, FeatureGrid, TEXT_LINK, type Feature } from "~/components/content/blocks";
import { rich } from "~/components/content/rich";
import { PageHero } from "~/components/ui/page-hero";
import { Static } from "~/components/ui/static";
import { metaTranslator, type Translate, useLocalePath, useT } from "~/lib/i18n";
import { pageMessages } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  return pageMeta(t("pages.about.metaTitle"), t("pages.about.metaDescription"));
};

export function loader({ request }: Route.LoaderArgs) {
  return { messages: pageMessages(request, "pages") };
}

function productAreas(t: Translate, lp: (path: string) => string): Feature[] {
  const shopLink = (collection: string, key: string) => (
    <Link to={lp(`/collections/${collection}`)} className={`mt-3 inline-block ${TEXT_LINK}`}>
      {t(key)}
    </Link>
  );
  return [
    {
      icon: Venus,
      title: t("pages.about.women"),
      text: (
        <>
          <p>{t("pages.about.womenText")}</p>
          {shopLink("women-care", "pages.about.womenShop")}
        </>
      ),
    },
    {
      icon: Dumbbell,
      title: t("pages.about.sports"),
      text: (
        <>
          <p>{t("pages.about.sportsText")}</p>
          {shopLink("sports-nutrition", "pages.about.sportsShop")}
        </>
      ),
    },
    {
      icon: Baby,
      title: t("pages.about.kids"),
      text: (
        <>
          <p>{t("pages.about.kidsText")}</p>
          {shopLink("kids-nutrition", "pages.about.kidsShop")}
        </>
      ),
    },
    { icon: ShieldPlus, title: t("pages.about.wellness"), text: t("pages.about.wellnessText") },
    { icon: Apple, title: t("pages.about.digestive"), text: t("pages.about.digestiveText") },
    { icon: Sparkles, title: t("pages.about.personal"), text: t("pages.about.personalText") },
  ];
}

const MILESTONES = ["2011", "2016", "2019", "2022"];

const VALUES = ["Innovation", "Quality", "Affordability", "Integrity", "Compassion"];

export default function About() {
  const seller = useRouteLoaderData<typeof rootLoader>("root")?.seller;
  const t = useT();
  const lp = useLocalePath();
  return (
    <Static>
    <main id="main">
      <PageHero
        eyebrow={t("pages.about.eyebrow")}
        title={t("pages.about.title", { shop: SHOP_NAME })}
        intro={t("pages.about.intro")}
      />

      <ContentSection id="story" title={t("pages.about.storyTitle")}>
        <div className="mt-6 grid items-start gap-10 lg:grid-cols-2">
          <div className="space-y-4 text-gray-800">
            <p>{t("pages.about.story1", { shop: SHOP_NAME })}</p>
            <p>{t("pages.about.story2")}</p>
            <ol className="mt-6 space-y-3 border-l-2 border-brand-200 pl-5" aria-label={t("pages.about.milestones")}>
              {MILESTONES.map((year) => (
                <li key={year}>
                  <span className="font-semibold text-brand-800">{year}</span>{" "}
                  <span className="text-gray-800">{t(`pages.about.milestone${year}`)}</span>
                </li>
              ))}
            </ol>
          </div>
          <img
            src="/images/site/about-story.svg"
            alt={t("pages.about.storyAlt")}
            width={600}
            height={420}
            loading="lazy"
            className="h-auto w-full rounded-xl"
          />
        </div>
      </ContentSection>

      <ContentSection
        id="product-areas"
        title={t("pages.about.makeTitle")}
        tinted
        intro={t("pages.about.makeIntro")}
      >
        <FeatureGrid features={productAreas(t, lp)} />
      </ContentSection>

      <ContentSection id="vision-mission" title={t("pages.about.visionTitle")}>
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          <div className="rounded-xl border border-gray-200 p-6 shadow-sm">
            <h3 className="flex items-center gap-2 text-xl font-semibold text-gray-900">
              <Eye className="h-6 w-6 text-brand-700" aria-hidden /> {t("pages.about.vision")}
            </h3>
            <p className="mt-3 text-gray-800">{t("pages.about.visionText")}</p>
          </div>
          <div className="rounded-xl border border-gray-200 p-6 shadow-sm">
            <h3 className="flex items-center gap-2 text-xl font-semibold text-gray-900">
              <Target className="h-6 w-6 text-brand-700" aria-hidden /> {t("pages.about.mission")}
            </h3>
            <ul className="mt-3 list-disc space-y-2 pl-5 text-gray-800">
              {[1, 2, 3, 4].map((n) => (
                <li key={n}>{t(`pages.about.mission${n}`)}</li>
              ))}
            </ul>
          </div>
        </div>
        <h3 className="mt-10 flex items-center gap-2 text-xl font-semibold text-gray-900">
          <HeartPulse className="h-6 w-6 text-brand-700" aria-hidden /> {t("pages.about.values")}
        </h3>
        <ul className="mt-4 flex flex-wrap gap-3">
          {VALUES.map((value) => (
            <li key={value} className="rounded-full border border-brand-200 bg-brand-50 px-4 py-1.5 font-medium text-gray-900">
              {t(`pages.about.value${value}`)}
            </li>
          ))}
        </ul>
        <p className="mt-6 text-gray-800">
          {rich(t("pages.about.readMore"), {
            quality: (text) => (
              <Link to={lp("/quality")} className={TEXT_LINK}>
                {text}
              </Link>
            ),
            certifications: (text) => (
              <Link to={lp("/certifications")} className={TEXT_LINK}>
                {text}
              </Link>
            ),
          })}
        </p>
      </ContentSection>

      <ContentSection id="visit-us" title={t("pages.about.visitTitle")} tinted>
        <div className="mt-6 grid items-start gap-8 lg:grid-cols-5">
          <img
            src="/images/site/map.svg"
            alt={t("pages.about.mapAlt", { address: seller?.address ?? t("pages.contact.mapFallback") })}
            width={640}
            height={400}
            loading="lazy"
            className="h-auto w-full rounded-xl border border-gray-200 bg-white lg:col-span-3"
          />
          <div className="lg:col-span-2">
            {seller ? (
              <ul className="space-y-4 text-gray-800">
                <li className="flex gap-3">
                  <MapPin className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
                  <address lang="en" className="not-italic">
                    <span className="block font-semibold text-gray-900">{seller.name}</span>
                    {seller.address}
                  </address>
                </li>
                <li className="flex gap-3">
                  <Phone className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
                  <a href={`tel:${seller.phone.replace(/\s+/g, "")}`} className={TEXT_LINK}>
                    {seller.phone}
                  </a>
                </li>
                <li className="flex gap-3">
                  <Mail className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
                  <a href={`mailto:${seller.email}`} className={`break-all ${TEXT_LINK}`}>
                    {seller.email}
                  </a>
                </li>
              </ul>
            ) : null}
            <p className="mt-6 text-gray-800">{t("pages.about.hours")}</p>
            <div className="mt-6">
              <ButtonLink to={lp("/contact")}>{t("pages.about.contact")}</ButtonLink>
            </div>
          </div>
        </div>
      </ContentSection>
    </main>
    </Static>
  );
}
