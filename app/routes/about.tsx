import { Apple, Baby, Dumbbell, Eye, HeartPulse, Mail, MapPin, Phone, ShieldPlus, Sparkles, Target, Venus } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import { SHOP_NAME } from "#common/brand.ts";
import { ButtonLink, ContentSection, FeatureGrid, TEXT_LINK, type Feature } from "~/components/content/blocks";
import { PageHero } from "~/components/ui/page-hero";
import { pageMeta } from "~/lib/meta";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/about";
import { Static } from "~/components/ui/static";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "About Us",
    "Founded by pharmacists in Bengaluru, we make and dispense women care, sports and kids nutrition with GMP-certified quality. Our story, vision and mission.",
  );

const PRODUCT_AREAS: Feature[] = [
  {
    icon: Venus,
    title: "Women Care",
    text: (
      <>
        <p>Nutrition for PCOS, fertility, pregnancy and menopause, developed with gynaecologists.</p>
        <Link to="/collections/women-care" className={`mt-3 inline-block ${TEXT_LINK}`}>
          Shop Women Care
        </Link>
      </>
    ),
  },
  {
    icon: Dumbbell,
    title: "Sports Nutrition",
    text: (
      <>
        <p>Batch-tested proteins, electrolytes and recovery blends, free from banned substances.</p>
        <Link to="/collections/sports-nutrition" className={`mt-3 inline-block ${TEXT_LINK}`}>
          Shop Sports Nutrition
        </Link>
      </>
    ),
  },
  {
    icon: Baby,
    title: "Kids Nutrition",
    text: (
      <>
        <p>Growth, immunity and brain-development nutrition in doses and flavours made for children.</p>
        <Link to="/collections/kids-nutrition" className={`mt-3 inline-block ${TEXT_LINK}`}>
          Shop Kids Nutrition
        </Link>
      </>
    ),
  },
  {
    icon: ShieldPlus,
    title: "Wellness & Immunity",
    text: "Daily multivitamins, vitamin D, zinc and omega-3s for the nutrient gaps common in Indian diets.",
  },
  {
    icon: Apple,
    title: "Digestive Health",
    text: "Probiotics, prebiotic fibres and enzyme blends for gut comfort, regularity and nutrient absorption.",
  },
  {
    icon: Sparkles,
    title: "Personal Care",
    text: "Dermatologist-tested skin, hair and intimate-hygiene care, free from parabens and harsh sulphates.",
  },
];

const MILESTONES = [
  { year: "2011", text: "Two pharmacists open a community pharmacy in HSR Layout, Bengaluru." },
  { year: "2016", text: "Our first own formulation, a women's folate and iron supplement, is launched." },
  { year: "2019", text: "Our manufacturing site is certified to WHO-GMP." },
  { year: "2022", text: "Our online pharmacy opens, delivering across India." },
];

const VALUES = ["Innovation", "Quality", "Affordability", "Integrity", "Compassion"];

export default function About() {
  const seller = useRouteLoaderData<typeof rootLoader>("root")?.seller;
  return (
    <Static>
    <main id="main">
      <PageHero
        eyebrow="About us"
        title={`About ${SHOP_NAME}`}
        intro="We are a pharmacist-led Indian healthcare company. We make nutrition and care products to pharmaceutical standards, and dispense them with the same care a good neighbourhood chemist would."
      />

      <ContentSection id="story" title="Our story">
        <div className="mt-6 grid items-start gap-10 lg:grid-cols-2">
          <div className="space-y-4 text-gray-800">
            <p>
              {SHOP_NAME} began in 2011 as a single pharmacy counter in HSR Layout, Bengaluru. Our founders, both pharmacists,
              kept meeting the same customers: women told to "take a supplement" for PCOS or pregnancy with no way of knowing
              which brand to trust, athletes worried about what was really in their protein, parents unsure how much was too
              much for a child.
            </p>
            <p>
              So we started making our own products, with doses backed by published research, ingredients tested in our own
              laboratory and labels that say exactly what is inside. Today a team of pharmacists, scientists and quality
              specialists makes them in a WHO-GMP certified facility and dispenses them across India, with a registered
              pharmacist checking every prescription.
            </p>
            <ol className="mt-6 space-y-3 border-l-2 border-brand-200 pl-5" aria-label="Milestones">
              {MILESTONES.map((milestone) => (
                <li key={milestone.year}>
                  <span className="font-semibold text-brand-800">{milestone.year}</span>{" "}
                  <span className="text-gray-800">{milestone.text}</span>
                </li>
              ))}
            </ol>
          </div>
          <img
            src="/images/site/about-story.svg"
            alt="Illustration of a pharmacist at our dispensary counter with shelves of supplements and a testing laboratory behind"
            width={600}
            height={420}
            loading="lazy"
            className="h-auto w-full rounded-xl"
          />
        </div>
      </ContentSection>

      <ContentSection
        id="product-areas"
        title="What we make"
        tinted
        intro="Six product areas, each developed with specialists and made to the same pharmaceutical standards."
      >
        <FeatureGrid features={PRODUCT_AREAS} />
      </ContentSection>

      <ContentSection id="vision-mission" title="Vision and mission">
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          <div className="rounded-xl border border-gray-200 p-6 shadow-sm">
            <h3 className="flex items-center gap-2 text-xl font-semibold text-gray-900">
              <Eye className="h-6 w-6 text-brand-700" aria-hidden /> Our vision
            </h3>
            <p className="mt-3 text-gray-800">
              An India where every family can get nutrition and healthcare products they can trust completely, at a fair
              price, wherever they live.
            </p>
          </div>
          <div className="rounded-xl border border-gray-200 p-6 shadow-sm">
            <h3 className="flex items-center gap-2 text-xl font-semibold text-gray-900">
              <Target className="h-6 w-6 text-brand-700" aria-hidden /> Our mission
            </h3>
            <ul className="mt-3 list-disc space-y-2 pl-5 text-gray-800">
              <li>Formulate every product on published clinical evidence, at effective doses.</li>
              <li>Make and test every batch to pharmaceutical standards, and say so openly.</li>
              <li>Keep prices fair and never charge above MRP.</li>
              <li>Put a registered pharmacist behind every order and every question.</li>
            </ul>
          </div>
        </div>
        <h3 className="mt-10 flex items-center gap-2 text-xl font-semibold text-gray-900">
          <HeartPulse className="h-6 w-6 text-brand-700" aria-hidden /> Our values
        </h3>
        <ul className="mt-4 flex flex-wrap gap-3">
          {VALUES.map((value) => (
            <li key={value} className="rounded-full border border-brand-200 bg-brand-50 px-4 py-1.5 font-medium text-gray-900">
              {value}
            </li>
          ))}
        </ul>
        <p className="mt-6 text-gray-800">
          Read how we put quality into practice in our{" "}
          <Link to="/quality" className={TEXT_LINK}>
            Quality Promise
          </Link>{" "}
          and see our{" "}
          <Link to="/certifications" className={TEXT_LINK}>
            certifications
          </Link>
          .
        </p>
      </ContentSection>

      <ContentSection id="visit-us" title="Visit us" tinted>
        <div className="mt-6 grid items-start gap-8 lg:grid-cols-5">
          <img
            src="/images/site/map.svg"
            alt={`Map of HSR Layout, Bengaluru, marking our office at ${seller?.address ?? "HSR Layout, Bengaluru"}`}
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
                  <address className="not-italic">
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
            <p className="mt-6 text-gray-800">Open Monday to Friday 9 AM to 6 PM, and Saturday 10 AM to 2 PM.</p>
            <div className="mt-6">
              <ButtonLink to="/contact">Contact us</ButtonLink>
            </div>
          </div>
        </div>
      </ContentSection>
    </main>
    </Static>
  );
}
