import { Award, BadgeCheck, ClipboardCheck, Factory, FileCheck, ShieldCheck } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import { ButtonLink, ContentSection, StepList, TEXT_LINK, type Step } from "~/components/content/blocks";
import { PageHero } from "~/components/ui/page-hero";
import { pageMeta } from "~/lib/meta";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/certifications";
import { Static } from "~/components/ui/static";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Certifications",
    "Our WHO-GMP, ISO 9001, ISO 22000, FSSC 22000, FSSAI and CDSCO certifications and licences, what each covers, and the six quality checks behind every batch.",
  );

const CERTIFICATIONS = [
  {
    icon: Award,
    name: "WHO-GMP",
    year: "2019",
    issuer: "Karnataka State Drugs Control Department, under the WHO certification scheme",
    scope:
      "Good Manufacturing Practice for tablets, capsules, oral powders and sachets at our Bengaluru manufacturing site.",
  },
  {
    icon: BadgeCheck,
    name: "ISO 9001:2015",
    year: "2018",
    issuer: "Accredited certification body, audited every year",
    scope: "Quality management across product development, manufacturing, warehousing and online dispensing.",
  },
  {
    icon: FileCheck,
    name: "FSSAI Central Licence",
    year: "2016",
    issuer: "Food Safety and Standards Authority of India",
    scope:
      "Manufacture and sale of health supplements and nutraceuticals under the Food Safety and Standards Regulations, 2016.",
  },
  {
    icon: ShieldCheck,
    name: "ISO 22000:2018 and HACCP",
    year: "2020",
    issuer: "Accredited certification body",
    scope: "Food safety management and hazard analysis for our women care, sports and kids nutrition lines.",
  },
  {
    icon: Factory,
    name: "CDSCO manufacturing licence",
    year: "2017",
    issuer: "Granted under the Drugs and Cosmetics Rules, 1945, in line with CDSCO requirements",
    scope: "Manufacture of allopathic oral dosage forms for sale in India, with inspections by drug-control officers.",
  },
  {
    icon: ClipboardCheck,
    name: "FSSC 22000",
    year: "2022",
    issuer: "GFSI-recognised scheme, accredited certification body",
    scope: "Food safety certification for protein powders, drink mixes and kids nutrition blends made on our site.",
  },
];

const COMMITMENTS = [
  "Every batch is tested before release and its certificate of analysis is kept for the life of the product plus one year.",
  "Our certificates are renewed on time, with surveillance audits every year and no lapses since we were first certified.",
  "We report adverse events to the Pharmacovigilance Programme of India and act on every quality complaint.",
  "Our online pharmacy operates under retail drug licences, with a registered pharmacist supervising every dispensed order.",
];

const PROCESS: Step[] = [
  {
    title: "Qualify suppliers",
    text: "Every ingredient comes from an audited, approved supplier with a certificate of analysis for each lot.",
  },
  {
    title: "Test raw materials",
    text: "Our laboratory checks identity, purity and microbial limits of each incoming lot before it can be used.",
  },
  {
    title: "Control production",
    text: "Trained staff follow validated procedures, with in-process checks on weight, mixing and sealing at every stage.",
  },
  {
    title: "Test the finished batch",
    text: "Assay, dissolution, heavy metals and microbiology are tested on every batch; samples go to an NABL-accredited lab.",
  },
  {
    title: "Release by Quality Assurance",
    text: "A QA manager reviews the complete batch record and test results; only then can the batch be sold.",
  },
  {
    title: "Monitor after sale",
    text: "We keep retention samples, run stability studies and investigate every complaint down to the batch.",
  },
];

export default function Certifications() {
  const seller = useRouteLoaderData<typeof rootLoader>("root")?.seller;
  return (
    <Static>
    <main id="main">
      <PageHero
        eyebrow="Trust and quality"
        title="Our certifications"
        intro="Independent auditors and regulators check how we make, test and sell every product. These are the certifications and licences we hold."
      />

      <ContentSection id="certificates" title="Certifications and licences">
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {CERTIFICATIONS.map(({ icon: Icon, name, year, issuer, scope }) => (
            <li key={name} className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
                  <Icon className="h-6 w-6" aria-hidden />
                </span>
                <h3 className="text-lg font-semibold text-gray-900">{name}</h3>
              </div>
              <dl className="mt-4 space-y-3">
                <div>
                  <dt className="text-sm font-semibold uppercase tracking-wide text-brand-800">Certified since</dt>
                  <dd className="text-gray-900">
                    <time dateTime={year}>{year}</time>
                  </dd>
                </div>
                <div>
                  <dt className="text-sm font-semibold uppercase tracking-wide text-brand-800">Issued by</dt>
                  <dd className="text-gray-800">{issuer}</dd>
                </div>
                <div>
                  <dt className="text-sm font-semibold uppercase tracking-wide text-brand-800">Scope</dt>
                  <dd className="text-gray-800">{scope}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
        {seller ? (
          <p className="mt-8 text-gray-800">
            Our online pharmacy is licensed under retail drug licence {seller.drugLicence} (Forms 20 and 21), with{" "}
            {seller.pharmacistName} as registered pharmacist ({seller.pharmacistRegistration}).
          </p>
        ) : null}
      </ContentSection>

      <ContentSection id="commitment" title="Our quality commitment" tinted>
        <div className="mt-6 grid gap-8 lg:grid-cols-2">
          <p className="text-lg text-gray-800">
            Certificates are a minimum, not a finish line. We hold ourselves to what we would expect from a medicine we give
            our own families: the right ingredient, at the right dose, every single time, with the paperwork to prove it.
          </p>
          <ul className="space-y-3 text-gray-800">
            {COMMITMENTS.map((commitment) => (
              <li key={commitment} className="flex gap-3">
                <BadgeCheck className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
                <span>{commitment}</span>
              </li>
            ))}
          </ul>
        </div>
      </ContentSection>

      <ContentSection
        id="process"
        title="Our six-step quality process"
        intro="From the supplier's gate to your doorstep, every batch passes these checks."
      >
        <StepList steps={PROCESS} />
      </ContentSection>

      <ContentSection id="learn-more" title="Want to know more?" tinted>
        <p className="mt-3 max-w-3xl text-gray-800">
          Read what these standards mean for the products you buy in our{" "}
          <Link to="/quality" className={TEXT_LINK}>
            Quality Promise
          </Link>
          . Healthcare professionals and business partners can ask us for copies of our certificates or a batch's certificate
          of analysis.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to="/quality">Our Quality Promise</ButtonLink>
          <ButtonLink to="/contact" variant="secondary">
            Request a certificate
          </ButtonLink>
        </div>
      </ContentSection>
    </main>
    </Static>
  );
}
