import { BookOpen, FlaskConical, Handshake, Pill, ShieldCheck, Users } from "lucide-react";
import { Link } from "react-router";
import { ButtonLink, ContentSection, FeatureGrid, TEXT_LINK, type Feature } from "~/components/content/blocks";
import { PageHero } from "~/components/ui/page-hero";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/career-path";
import { Static } from "~/components/ui/static";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Career Paths",
    "How careers grow in our pharmacy, quality, R&D and sales teams: the levels in each track, how promotions work, and the learning programmes we run.",
  );

const TRACKS = [
  {
    id: "pharmacy",
    icon: Pill,
    name: "Pharmacy and patient care",
    summary: "For registered pharmacists who review prescriptions, counsel customers and run our dispensary.",
    levels: [
      { title: "Pharmacist", text: "Review prescriptions, dispense orders and answer customers' medicine questions." },
      { title: "Senior Pharmacist", text: "Handle complex prescriptions and escalations, and mentor new pharmacists." },
      { title: "Pharmacy Lead", text: "Run a dispensing shift, keep the registers audit-ready and own service quality." },
      { title: "Head of Pharmacy", text: "Pharmacist in charge of the licence, policies and the whole pharmacy team." },
    ],
  },
  {
    id: "quality",
    icon: ShieldCheck,
    name: "Quality and regulatory",
    summary: "For chemists and pharmacists who test, release and protect every batch we make.",
    levels: [
      { title: "QC Analyst", text: "Test raw materials and finished products in our in-house laboratory." },
      { title: "QA Executive", text: "Review batch records, run in-process checks and manage deviations." },
      { title: "QA Manager", text: "Release batches, lead audits and own the quality management system." },
      { title: "Head of Quality and Regulatory", text: "Answer for GMP compliance, licences and product safety to regulators." },
    ],
  },
  {
    id: "research",
    icon: FlaskConical,
    name: "Research and development",
    summary: "For formulation scientists and nutritionists who design new products and the evidence behind them.",
    levels: [
      { title: "Research Associate", text: "Run formulation trials, stability studies and literature reviews." },
      { title: "Scientist", text: "Own a product from concept to pilot batch, working with quality and production." },
      { title: "Senior Scientist", text: "Lead a product category's pipeline and its clinical and regulatory dossier." },
      { title: "Head of R&D", text: "Set the research agenda and partner with hospitals and universities." },
    ],
  },
  {
    id: "sales",
    icon: Handshake,
    name: "Sales and medical marketing",
    summary: "For people who explain the science of our products to doctors, pharmacies and customers.",
    levels: [
      { title: "Medical Representative", text: "Meet doctors and pharmacies in your territory with evidence, not freebies." },
      { title: "Territory Sales Manager", text: "Own a territory's growth and relationships with key clinics." },
      { title: "Area Sales Manager", text: "Lead and coach a team of representatives across several territories." },
      { title: "Regional or Brand Manager", text: "Run a region's business, or move into marketing to lead a brand." },
    ],
  },
];

const PROGRAMMES: Feature[] = [
  {
    icon: BookOpen,
    title: "Pharmacy Practice Academy",
    text: "Monthly sessions on drug interactions, paediatric dosing and counselling, led by our senior pharmacists and visiting clinicians.",
  },
  {
    icon: ShieldCheck,
    title: "GMP and quality school",
    text: "Induction and yearly refreshers on GMP, documentation and data integrity for every plant and quality colleague.",
  },
  {
    icon: FlaskConical,
    title: "Science for sales",
    text: "Six weeks of therapy-area training with our R&D team before a representative's first doctor visit.",
  },
  {
    icon: Users,
    title: "Mentoring and leadership",
    text: "A mentor from another team for every new joiner, and a year-long programme for first-time managers.",
  },
];

export default function CareerPath() {
  return (
    <Static>
    <main id="main">
      <PageHero
        eyebrow="Careers"
        title="Career paths"
        intro="Whether you want to become an expert or lead a team, each of our four tracks has clear levels, fair reviews and the training to get you there."
      />

      <ContentSection id="tracks" title="Four career tracks" intro="Each track has four levels. Many people also move between tracks: a pharmacist into quality, a scientist into medical marketing.">
        <ul className="mt-8 grid gap-6 lg:grid-cols-2">
          {TRACKS.map(({ id, icon: Icon, name, summary, levels }) => (
            <li key={id} className="rounded-xl border border-gray-200 p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-800">
                  <Icon className="h-6 w-6" aria-hidden />
                </span>
                <h3 className="text-xl font-semibold text-gray-900">{name}</h3>
              </div>
              <p className="mt-3 text-gray-700">{summary}</p>
              <ol className="mt-4 space-y-3 border-l-2 border-brand-200 pl-5" aria-label={`${name} levels, from first to most senior`}>
                {levels.map((level) => (
                  <li key={level.title}>
                    <span className="block font-semibold text-gray-900">{level.title}</span>
                    <span className="block text-gray-700">{level.text}</span>
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="growth" title="How growth works" tinted>
        <ul className="mt-6 max-w-3xl list-disc space-y-3 pl-6 text-gray-800">
          <li>
            Twice a year you and your manager review your goals against a written description of each level, so you always
            know what the next step asks for.
          </li>
          <li>Promotions are decided by a panel that includes a manager from another team, not by your manager alone.</li>
          <li>Internal candidates see every opening a week before it is advertised, and may apply after a year in their role.</li>
          <li>Licensed roles grow with your qualifications: we support pharmacists and chemists studying for an M.Pharm or M.Sc.</li>
        </ul>
      </ContentSection>

      <ContentSection id="learning" title="Learning programmes" intro="Every permanent employee also has ₹25,000 a year to spend on courses and certifications of their choice.">
        <FeatureGrid features={PROGRAMMES} columns={2} />
      </ContentSection>

      <ContentSection id="start" title="Start your path" tinted>
        <p className="mt-3 max-w-3xl text-gray-800">
          See the roles open today on our{" "}
          <Link to="/career" className={TEXT_LINK}>
            careers page
          </Link>
          , or tell us which track interests you and we will write when a matching role opens.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to="/apply">How to apply</ButtonLink>
          <ButtonLink to="/talent-network" variant="secondary">
            Join the talent network
          </ButtonLink>
        </div>
      </ContentSection>
    </main>
    </Static>
  );
}
