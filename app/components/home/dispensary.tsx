import { ArrowRight, BadgeCheck, Baby, Check, Dumbbell, Factory, FlaskConical, Leaf, Pill, Venus, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { SHOP_SECTIONS } from "#common/brand.ts";

type SectionSlug = (typeof SHOP_SECTIONS)[number]["slug"];

const CATEGORY_CARDS: Record<SectionSlug, { icon: LucideIcon; tint: string; intro: string; features: string[] }> = {
  "women-care": {
    icon: Venus,
    tint: "bg-pink-50 text-pink-800",
    intro: "Evidence-based nutrition for every stage of a woman's life, developed with gynaecologists.",
    features: ["PCOS care and hormonal balance", "Pregnancy and fertility support", "Menstrual health", "Bone and joint strength"],
  },
  "sports-nutrition": {
    icon: Dumbbell,
    tint: "bg-sky-50 text-sky-800",
    intro: "Clean, batch-tested fuel for training, competition and recovery.",
    features: ["Whey and plant proteins", "Pre-workout energy", "Hydration and electrolytes", "Free from banned substances"],
  },
  "kids-nutrition": {
    icon: Baby,
    tint: "bg-amber-50 text-amber-800",
    intro: "Growth and immunity nutrition in doses and flavours made for children.",
    features: ["Growth and development", "Immunity support", "Brain health with DHA", "Daily multivitamins"],
  },
};

const QUALITY_PROMISES = [
  { icon: FlaskConical, title: "Third-party tested", text: "Independent NABL-accredited labs test samples of our batches for potency and purity." },
  { icon: Factory, title: "GMP certified", text: "Made in our WHO-GMP certified manufacturing facility." },
  { icon: Pill, title: "Pharmaceutical-grade", text: "Ingredients meet Indian Pharmacopoeia monographs, at researched doses." },
  { icon: Leaf, title: "No artificial additives", text: "No artificial colours, sweeteners or synthetic preservatives." },
];

/** The digital dispensary: one card per shop section, then the Quality Promise. */
export function DigitalDispensary() {
  return (
    <section aria-labelledby="dispensary-heading" className="below-fold bg-white">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        <h2 id="dispensary-heading" className="text-2xl font-bold text-gray-900 sm:text-3xl">
          Our Digital Dispensary
        </h2>
        <p className="mt-3 max-w-3xl text-lg text-gray-700">
          Three specialist ranges, each dispensed with a registered pharmacist's care.
        </p>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {SHOP_SECTIONS.map((section) => {
            const { icon: Icon, tint, intro, features } = CATEGORY_CARDS[section.slug];
            return (
              <li key={section.slug} className="flex flex-col rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
                <span className={`inline-flex h-12 w-12 items-center justify-center rounded-xl ${tint}`}>
                  <Icon className="h-6 w-6" aria-hidden />
                </span>
                <h3 className="mt-4 text-xl font-semibold text-gray-900">{section.name}</h3>
                <p className="mt-2 text-gray-700">{intro}</p>
                <ul className="mt-4 mb-6 space-y-2">
                  {features.map((feature) => (
                    <li key={feature} className="flex gap-2 text-gray-800">
                      <Check className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden />
                      {feature}
                    </li>
                  ))}
                </ul>
                <Link
                  to={`/collections/${section.slug}`}
                  className="mt-auto inline-flex items-center justify-center gap-2 rounded-md border border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
                >
                  Explore Now<span className="sr-only"> {section.name}</span>
                  <ArrowRight className="h-4 w-4" aria-hidden />
                </Link>
              </li>
            );
          })}
        </ul>

        <div className="mt-12 rounded-2xl bg-brand-800 p-6 text-white sm:p-10">
          <h3 className="flex items-center gap-2 text-2xl font-bold">
            <BadgeCheck className="h-7 w-7 text-brand-200" aria-hidden /> Our Quality Promise
          </h3>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {QUALITY_PROMISES.map(({ icon: Icon, title, text }) => (
              <li key={title}>
                <Icon className="h-6 w-6 text-brand-200" aria-hidden />
                <span className="mt-2 block font-semibold">{title}</span>
                <span className="mt-1 block text-brand-50">{text}</span>
              </li>
            ))}
          </ul>
          <Link to="/quality" className="mt-8 inline-block font-medium text-white underline underline-offset-2 hover:text-brand-100">
            Read our Quality Promise
          </Link>
        </div>
      </div>
    </section>
  );
}
