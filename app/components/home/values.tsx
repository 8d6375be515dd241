import { Eye, HeartHandshake, Target } from "lucide-react";
import { Link } from "react-router";
import { SHOP_NAME } from "#common/brand.ts";
import { TEXT_LINK } from "~/components/content/text-link";
import { useLocalePath, useT } from "~/lib/i18n";

export const CORE_VALUES = ["Innovation", "Quality", "Affordability", "Integrity", "Compassion"] as const;

const CARD = "rounded-xl border border-gray-200 bg-white p-6 shadow-sm";
const CARD_ICON = "inline-flex h-11 w-11 items-center justify-center rounded-lg bg-brand-100 text-brand-800";

/** Vision, Mission and Core Values cards, then the company blurb. */
export function CompanyValues() {
  const t = useT();
  const lp = useLocalePath();
  return (
    <section aria-labelledby="values-heading" className="below-fold bg-white">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        <h2 id="values-heading" className="text-2xl font-bold text-gray-900 sm:text-3xl">
          {t("home.values.heading")}
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          <li className={CARD}>
            <span className={CARD_ICON}>
              <Eye className="h-6 w-6" aria-hidden />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-gray-900">{t("home.values.vision")}</h3>
            <p className="mt-2 text-gray-700">{t("home.values.visionText")}</p>
          </li>
          <li className={CARD}>
            <span className={CARD_ICON}>
              <Target className="h-6 w-6" aria-hidden />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-gray-900">{t("home.values.mission")}</h3>
            <p className="mt-2 text-gray-700">{t("home.values.missionText")}</p>
          </li>
          <li className={CARD}>
            <span className={CARD_ICON}>
              <HeartHandshake className="h-6 w-6" aria-hidden />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-gray-900">{t("home.values.core")}</h3>
            <ul className="mt-3 flex flex-wrap gap-2" aria-label={t("home.values.coreLabel")}>
              {CORE_VALUES.map((value) => (
                <li key={value} className="rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-sm font-medium text-gray-900">
                  {t(`home.values.${value}`)}
                </li>
              ))}
            </ul>
          </li>
        </ul>
        <div className="mt-10 rounded-xl bg-brand-50 p-6 sm:p-8">
          <p className="max-w-4xl text-lg text-gray-800">{t("home.values.blurb", { shop: SHOP_NAME })}</p>
          <Link to={lp("/about")} className={`mt-4 inline-block ${TEXT_LINK}`}>
            {t("home.values.more")}
          </Link>
        </div>
      </div>
    </section>
  );
}
