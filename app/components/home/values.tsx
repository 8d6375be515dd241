import { Eye, HeartHandshake, Target } from "lucide-react";
import { Link } from "react-router";
import { SHOP_NAME } from "#common/brand.ts";
import { TEXT_LINK } from "~/components/content/text-link";

export const CORE_VALUES = ["Innovation", "Quality", "Affordability", "Integrity", "Compassion"] as const;

const CARD = "rounded-xl border border-gray-200 bg-white p-6 shadow-sm";
const CARD_ICON = "inline-flex h-11 w-11 items-center justify-center rounded-lg bg-brand-100 text-brand-800";

/** Vision, Mission and Core Values cards, then the company blurb. */
export function CompanyValues() {
  return (
    <section aria-labelledby="values-heading" className="below-fold bg-white">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        <h2 id="values-heading" className="text-2xl font-bold text-gray-900 sm:text-3xl">
          What we stand for
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          <li className={CARD}>
            <span className={CARD_ICON}>
              <Eye className="h-6 w-6" aria-hidden />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-gray-900">Our Vision</h3>
            <p className="mt-2 text-gray-700">
              An India where every family can get nutrition and healthcare products they can trust completely, at a fair price,
              wherever they live.
            </p>
          </li>
          <li className={CARD}>
            <span className={CARD_ICON}>
              <Target className="h-6 w-6" aria-hidden />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-gray-900">Our Mission</h3>
            <p className="mt-2 text-gray-700">
              To formulate every product on published clinical evidence, make and test every batch to pharmaceutical standards,
              and put a registered pharmacist behind every order.
            </p>
          </li>
          <li className={CARD}>
            <span className={CARD_ICON}>
              <HeartHandshake className="h-6 w-6" aria-hidden />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-gray-900">Core Values</h3>
            <ul className="mt-3 flex flex-wrap gap-2" aria-label="Our core values">
              {CORE_VALUES.map((value) => (
                <li key={value} className="rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-sm font-medium text-gray-900">
                  {value}
                </li>
              ))}
            </ul>
          </li>
        </ul>
        <div className="mt-10 rounded-xl bg-brand-50 p-6 sm:p-8">
          <p className="max-w-4xl text-lg text-gray-800">
            {SHOP_NAME} is a pharmacist-led Indian healthcare company. Since 2011 we have made women care, sports nutrition and
            kids nutrition products in our WHO-GMP certified facility, with doses backed by research, every batch tested in our
            own laboratory and labels that say exactly what is inside.
          </p>
          <Link to="/about" className={`mt-4 inline-block ${TEXT_LINK}`}>
            More about us
          </Link>
        </div>
      </div>
    </section>
  );
}
