import { Baby, Briefcase, Clock, GraduationCap, HeartPulse, MapPin, PiggyBank, ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import { SHOP_NAME } from "#common/brand.ts";
import { ButtonLink, ContentSection, FeatureGrid, TEXT_LINK, type Feature } from "~/components/content/blocks";
import { rich, useLinkTag } from "~/components/content/rich";
import { PageHero } from "~/components/ui/page-hero";
import { Static } from "~/components/ui/static";
import { JOB_OPENINGS } from "~/lib/careers";
import { metaTranslator, useLocalePath, useT } from "~/lib/i18n";
import { pageMessages } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/career";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  return pageMeta(t("careers.career.metaTitle"), t("careers.career.metaDescription"));
};

export function loader({ request }: Route.LoaderArgs) {
  return { messages: pageMessages(request, "careers") };
}

const BENEFITS = [
  { icon: HeartPulse, key: "health" },
  { icon: GraduationCap, key: "learn" },
  { icon: Clock, key: "flexible" },
  { icon: Baby, key: "parental" },
  { icon: PiggyBank, key: "security" },
  { icon: ShoppingBag, key: "discount" },
];

const TESTIMONIALS = [
  { key: "priya", name: "Priya Nair" },
  { key: "rahul", name: "Rahul Deshpande" },
  { key: "sneha", name: "Sneha Kulkarni" },
];

export default function Career() {
  const t = useT();
  const lp = useLocalePath();
  const link = useLinkTag(TEXT_LINK);
  const benefits: Feature[] = BENEFITS.map(({ icon, key }) => ({
    icon,
    title: t(`careers.career.benefit.${key}`),
    text: t(`careers.career.benefit.${key}Text`),
  }));
  return (
    <Static>
    <main id="main">
      <PageHero
        eyebrow={t("careers.eyebrow")}
        title={t("careers.career.title", { shop: SHOP_NAME })}
        intro={t("careers.career.intro")}
      />
      <div className="mx-auto flex max-w-6xl flex-wrap gap-3 px-4 sm:px-6">
        <ButtonLink to="#openings">{t("careers.career.seeOpenings")}</ButtonLink>
        <ButtonLink to={lp("/talent-network")} variant="secondary">
          {t("careers.career.joinNetwork")}
        </ButtonLink>
      </div>

      <ContentSection
        id="why-join"
        title={t("careers.career.whyTitle")}
        intro={t("careers.career.whyIntro")}
      >
        <div className="mt-8 grid items-center gap-8 md:grid-cols-2">
          <ul className="space-y-4 text-gray-800">
            <li className="flex gap-3">
              <Briefcase className="mt-1 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
              <span>{t("careers.career.why1")}</span>
            </li>
            <li className="flex gap-3">
              <GraduationCap className="mt-1 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
              <span>{rich(t("careers.career.why2"), { paths: link("/career-path") })}</span>
            </li>
            <li className="flex gap-3">
              <MapPin className="mt-1 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
              <span>{t("careers.career.why3")}</span>
            </li>
          </ul>
          <img
            src="/images/site/careers-team.svg"
            alt={t("careers.career.teamAlt")}
            width={560}
            height={360}
            loading="lazy"
            className="h-auto w-full rounded-xl"
          />
        </div>
      </ContentSection>

      <ContentSection
        id="openings"
        title={t("careers.career.openingsTitle")}
        tinted
        intro={t("careers.career.openingsIntro")}
      >
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {JOB_OPENINGS.map((opening) => (
            <li key={opening.slug} className="flex flex-col rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
              <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{t(`careers.job.${opening.slug}.department`)}</p>
              <h3 className="mt-1 text-xl font-semibold text-gray-900">{t(`careers.job.${opening.slug}.title`)}</h3>
              <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-gray-700">
                <div className="flex items-center gap-1.5">
                  <dt>
                    <MapPin className="h-4 w-4 text-brand-700" aria-hidden />
                    <span className="sr-only">{t("careers.career.location")}</span>
                  </dt>
                  <dd>{t(`careers.job.${opening.slug}.location`)}</dd>
                </div>
                <div className="flex items-center gap-1.5">
                  <dt>
                    <Clock className="h-4 w-4 text-brand-700" aria-hidden />
                    <span className="sr-only">{t("careers.career.type")}</span>
                  </dt>
                  <dd>{t(`careers.job.${opening.slug}.type`)}</dd>
                </div>
              </dl>
              <p className="mt-3 flex-1 text-gray-700">{t(`careers.job.${opening.slug}.summary`)}</p>
              <div className="mt-5">
                <ButtonLink to={lp(`/apply?role=${opening.slug}`)}>
                  {t("careers.career.apply")}
                  <span className="sr-only">{t("careers.career.applyFor", { title: t(`careers.job.${opening.slug}.title`) })}</span>
                </ButtonLink>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-gray-800">
          {rich(t("careers.career.noRole"), { apply: link("/apply"), network: link("/talent-network") })}
        </p>
      </ContentSection>

      <ContentSection id="benefits" title={t("careers.career.benefitsTitle")} intro={t("careers.career.benefitsIntro")}>
        <FeatureGrid features={benefits} />
      </ContentSection>

      <ContentSection id="testimonials" title={t("careers.career.testimonialsTitle")} tinted>
        <ul className="mt-8 grid gap-6 lg:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className="flex h-full flex-col rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
                <blockquote className="flex-1 text-gray-800">
                  <p>“{t(`careers.career.quote.${testimonial.key}`)}”</p>
                </blockquote>
                <figcaption className="mt-4 border-t border-gray-200 pt-4">
                  <span className="block font-semibold text-gray-900">{testimonial.name}</span>
                  <span className="block text-sm text-gray-700">{t(`careers.career.role.${testimonial.key}`)}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="next-steps" title={t("careers.career.nextTitle")}>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          <li className="rounded-xl border border-gray-200 p-6">
            <h3 className="text-lg font-semibold text-gray-900">{t("careers.career.next.apply")}</h3>
            <p className="mt-2 text-gray-700">{t("careers.career.next.applyText")}</p>
            <Link to={lp("/apply")} className={`mt-4 inline-block ${TEXT_LINK}`}>
              {t("careers.career.next.applyLink")}
            </Link>
          </li>
          <li className="rounded-xl border border-gray-200 p-6">
            <h3 className="text-lg font-semibold text-gray-900">{t("careers.career.next.paths")}</h3>
            <p className="mt-2 text-gray-700">{t("careers.career.next.pathsText")}</p>
            <Link to={lp("/career-path")} className={`mt-4 inline-block ${TEXT_LINK}`}>
              {t("careers.career.next.pathsLink")}
            </Link>
          </li>
          <li className="rounded-xl border border-gray-200 p-6">
            <h3 className="text-lg font-semibold text-gray-900">{t("careers.career.next.network")}</h3>
            <p className="mt-2 text-gray-700">{t("careers.career.next.networkText")}</p>
            <Link to={lp("/talent-network")} className={`mt-4 inline-block ${TEXT_LINK}`}>
              {t("careers.career.next.networkLink")}
            </Link>
          </li>
        </ul>
      </ContentSection>
    </main>
    </Static>
  );
}
