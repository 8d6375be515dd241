import { Ban, CalendarCheck, FlaskConical, Microscope, Pill, ShieldCheck, Snowflake, Stethoscope, Warehouse } from "lucide-react";
import { Link } from "react-router";
import { ButtonLink, ContentSection, FeatureGrid, StepList, TEXT_LINK, type Feature, type Step } from "~/components/content/blocks";
import { PageHero } from "~/components/ui/page-hero";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/quality";
import { Static } from "~/components/ui/static";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Our Quality Promise",
    "Third-party tested, GMP-certified, pharmaceutical-grade products with no artificial additives: how we test batches, keep the cold chain and manage expiry.",
  );

const PROMISES: Feature[] = [
  {
    icon: Microscope,
    title: "Third-party tested",
    text: "Besides our own laboratory, independent NABL-accredited labs test samples of our batches for potency and purity.",
  },
  {
    icon: ShieldCheck,
    title: "GMP certified",
    text: "Made in a WHO-GMP certified facility, audited by regulators and certification bodies every year.",
  },
  {
    icon: Pill,
    title: "Pharmaceutical-grade",
    text: "Ingredients meet Indian Pharmacopoeia or equivalent monographs, at doses backed by published research.",
  },
  {
    icon: Ban,
    title: "No artificial additives",
    text: "No artificial colours, artificial sweeteners or synthetic preservatives. Every ingredient is listed on the label.",
  },
];

const BATCH_TESTS = [
  { test: "Identity and potency", detail: "each active ingredient is present at the amount on the label, within pharmacopoeial limits" },
  { test: "Heavy metals", detail: "lead, arsenic, cadmium and mercury below the limits set by FSSAI and the Indian Pharmacopoeia" },
  { test: "Microbiology", detail: "total counts, yeast and mould, and absence of pathogens such as E. coli and Salmonella" },
  { test: "Dissolution and disintegration", detail: "tablets and capsules release their contents as they should" },
  { test: "Banned substances", detail: "sports nutrition batches screened for substances on the WADA prohibited list" },
];

const CONCERN_STEPS: Step[] = [
  {
    title: "Keep the pack",
    text: "Stop using the product and keep it with its outer box, even if it is open or nearly empty.",
  },
  {
    title: "Note the batch and expiry",
    text: "Both are printed on the pack, usually near the barcode or on the bottom. Take clear photos of them and of the problem too.",
  },
  {
    title: "Tell us",
    text: (
      <>
        Write to us through our{" "}
        <Link to="/contact" className={TEXT_LINK}>
          contact page
        </Link>{" "}
        with your order number and the batch number. We answer by email; reply to it with the photos.
      </>
    ),
  },
  {
    title: "We investigate",
    text: "We acknowledge within 48 hours, check the batch record and test our retained sample of the same batch.",
  },
  {
    title: "We put it right",
    text: "You get a written answer, and a replacement or full refund if the product was at fault. If a batch is affected, we recall it.",
  },
];

export default function Quality() {
  return (
    <Static>
    <main id="main">
      <PageHero
        eyebrow="Quality Promise"
        title="Our Quality Promise"
        intro="What you take every day should be exactly what the label says: nothing less, nothing more. Here is how we make sure of it, batch after batch."
      />

      <ContentSection id="promise" title="Four promises on every pack">
        <FeatureGrid features={PROMISES} columns={4} />
      </ContentSection>

      <ContentSection
        id="batch-testing"
        title="Every batch is tested"
        tinted
        intro="No batch leaves our facility until Quality Assurance has reviewed its complete record and test results."
      >
        <div className="mt-8 grid gap-8 lg:grid-cols-2">
          <ul className="space-y-4">
            {BATCH_TESTS.map((item) => (
              <li key={item.test} className="flex gap-3 text-gray-800">
                <FlaskConical className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
                <span>
                  <strong className="font-semibold text-gray-900">{item.test}</strong>: {item.detail}.
                </span>
              </li>
            ))}
          </ul>
          <div className="space-y-4 text-gray-800">
            <p>
              Every pack carries a batch number that links it to its batch record: which ingredient lots went in, who made it,
              and every test result. We keep a retained sample of each batch until a year after it expires, so we can re-test it
              if anyone raises a question.
            </p>
            <p>
              Healthcare professionals can ask us for a batch's certificate of analysis. Our{" "}
              <Link to="/certifications" className={TEXT_LINK}>
                certifications
              </Link>{" "}
              page describes the standards we are audited against.
            </p>
          </div>
        </div>
      </ContentSection>

      <ContentSection id="storage" title="Stored and shipped with care">
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          <li className="rounded-xl border border-gray-200 p-6 shadow-sm">
            <h3 className="flex items-center gap-2 text-lg font-semibold text-gray-900">
              <Warehouse className="h-6 w-6 text-brand-700" aria-hidden /> Controlled warehouse
            </h3>
            <p className="mt-2 text-gray-700">
              Our Bengaluru warehouse stays below 25 °C and 60% relative humidity, with continuous monitoring and alarms. Stock
              is picked first-expiry, first-out, so older batches never sit on the shelf.
            </p>
          </li>
          <li className="rounded-xl border border-gray-200 p-6 shadow-sm">
            <h3 className="flex items-center gap-2 text-lg font-semibold text-gray-900">
              <Snowflake className="h-6 w-6 text-brand-700" aria-hidden /> Unbroken cold chain
            </h3>
            <p className="mt-2 text-gray-700">
              Products that need 2 °C to 8 °C are kept in pharmaceutical refrigerators with temperature loggers, packed in
              validated insulated boxes with gel packs, and delivered within 48 hours of dispatch.
            </p>
          </li>
        </ul>
      </ContentSection>

      <ContentSection id="expiry" title="Our expiry policy" tinted>
        <ul className="mt-6 max-w-3xl space-y-3 text-gray-800">
          <li className="flex gap-3">
            <CalendarCheck className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
            <span>
              We dispatch products with <strong className="text-gray-900">at least six months of shelf life</strong> left, or
              the full shelf life if it is shorter than that.
            </span>
          </li>
          <li className="flex gap-3">
            <CalendarCheck className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
            <span>We never sell expired products. Stock that expires is destroyed as the Drugs and Cosmetics Rules require.</span>
          </li>
          <li className="flex gap-3">
            <CalendarCheck className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
            <span>
              If you receive something expired or with less than three months left, we replace it or refund you in full; see{" "}
              <Link to="/shipping#returns-and-refunds" className={TEXT_LINK}>
                returns and refunds
              </Link>
              .
            </span>
          </li>
        </ul>
      </ContentSection>

      <ContentSection
        id="report-a-concern"
        title="Report a quality concern"
        intro="If something about a product seems wrong (its colour, smell, seal or effect), we want to hear about it."
      >
        <StepList steps={CONCERN_STEPS} />
        <div className="mt-8 flex gap-3 rounded-xl border border-gray-200 bg-gray-50 p-5 text-gray-800">
          <Stethoscope className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
          <p>
            <strong className="text-gray-900">Had a side effect?</strong> Seek medical advice first. Then tell us: our
            pharmacist will follow up, and we report suspected adverse reactions to the Pharmacovigilance Programme of India.
          </p>
        </div>
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink to="/contact">Report a concern</ButtonLink>
          <ButtonLink to="/certifications" variant="secondary">
            See our certifications
          </ButtonLink>
        </div>
      </ContentSection>
    </main>
    </Static>
  );
}
