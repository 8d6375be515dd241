import { ArrowRight, BadgeCheck, Baby, Check, Dumbbell, Factory, FlaskConical, Leaf, Pill, Venus, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { SHOP_SECTIONS } from "#common/brand.ts";
import { useLocalePath, useT } from "~/lib/i18n";

type SectionSlug = (typeof SHOP_SECTIONS)[number]["slug"];

/** Each section's card; its intro and four features are `home.dispensary.<slug>.intro` and `.0`–`.3`. */
const CATEGORY_CARDS: Record<SectionSlug, { icon: LucideIcon; tint: string }> = {
  "women-care": { icon: Venus, tint: "bg-pink-50 text-pink-800" },
  "sports-nutrition": { icon: Dumbbell, tint: "bg-sky-50 text-sky-800" },
  "kids-nutrition": { icon: Baby, tint: "bg-amber-50 text-amber-800" },
};
const FEATURES = [0, 1, 2, 3];

/** The Quality Promise's four points: `home.quality.<n>.title` and `.text`. */
const QUALITY_PROMISES = [
  { icon: FlaskConical, key: "0" },
  { icon: Factory, key: "1" },
  { icon: Pill, key: "2" },
  { icon: Leaf, key: "3" },
];

/** The digital dispensary: one card per shop section, then the Quality Promise. */
export function DigitalDispensary() {
  const t = useT();
  const lp = useLocalePath();
  return (
    <section aria-labelledby="dispensary-heading" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        <h2 id="dispensary-heading" className="text-2xl font-bold text-gray-900 sm:text-3xl">
          {t("home.dispensary.heading")}
        </h2>
        <p className="mt-3 max-w-3xl text-lg text-gray-700">{t("home.dispensary.text")}</p>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {SHOP_SECTIONS.map((section) => {
            const { icon: Icon, tint } = CATEGORY_CARDS[section.slug];
            const name = t(`frame.section.${section.slug}`);
            return (
              <li key={section.slug} className="flex flex-col rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
                <span className={`inline-flex h-12 w-12 items-center justify-center rounded-xl ${tint}`}>
                  <Icon className="h-6 w-6" aria-hidden />
                </span>
                <h3 className="mt-4 text-xl font-semibold text-gray-900">{name}</h3>
                <p className="mt-2 text-gray-700">{t(`home.dispensary.${section.slug}.intro`)}</p>
                <ul className="mt-4 mb-6 space-y-2">
                  {FEATURES.map((feature) => (
                    <li key={feature} className="flex gap-2 text-gray-800">
                      <Check className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden />
                      {t(`home.dispensary.${section.slug}.${feature}`)}
                    </li>
                  ))}
                </ul>
                <Link
                  to={lp(`/collections/${section.slug}`)}
                  className="mt-auto inline-flex items-center justify-center gap-2 rounded-md border border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
                >
                  {t("home.dispensary.explore")}
                  <span className="sr-only"> {name}</span>
                  <ArrowRight className="h-4 w-4" aria-hidden />
                </Link>
              </li>
            );
          })}
        </ul>

        <div className="mt-12 rounded-2xl bg-brand-800 p-6 text-white sm:p-10">
          <h3 className="flex items-center gap-2 text-2xl font-bold">
            <BadgeCheck className="h-7 w-7 text-brand-200" aria-hidden /> {t("home.quality.heading")}
          </h3>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {QUALITY_PROMISES.map(({ icon: Icon, key: n }) => (
              <li key={n}>
                <Icon className="h-6 w-6 text-brand-200" aria-hidden />
                <span className="mt-2 block font-semibold">{t(`home.quality.${n}.title`)}</span>
                <span className="mt-1 block text-brand-50">{t(`home.quality.${n}.text`)}</span>
              </li>
            ))}
          </ul>
          <Link to={lp("/quality")} className="mt-8 inline-block font-medium text-white underline underline-offset-2 hover:text-brand-100">
            {t("home.quality.read")}
          </Link>
        </div>
      </div>
    </section>
  );
}
