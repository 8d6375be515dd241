import { Briefcase, Clock, GraduationCap, HeartPulse, MapPin, PiggyBank, ShoppingBag, Baby } from "lucide-react";
import { Link } from "react-router";
import { SHOP_NAME } from "#common/brand.ts";
import { ButtonLink, ContentSection, FeatureGrid, TEXT_LINK, type Feature } from "~/components/content/blocks";
import { PageHero } from "~/components/ui/page-hero";
import { JOB_OPENINGS } from "~/lib/careers";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/career";
import { Static } from "~/components/ui/static";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Careers",
    "Join our pharmacists, quality experts, scientists and sales teams. See open roles in Bengaluru, Mumbai and remote, our benefits, and how to apply.",
  );

const BENEFITS: Feature[] = [
  {
    icon: HeartPulse,
    title: "Health cover for your family",
    text: "Group medical insurance of ₹5 lakh for you, your spouse, children and parents, plus an annual health check-up.",
  },
  {
    icon: GraduationCap,
    title: "₹25,000 a year to learn",
    text: "Spend it on courses, certifications or conferences, with paid time off for exams and our in-house academies.",
  },
  {
    icon: Clock,
    title: "Flexible working",
    text: "Hybrid work for office roles, predictable shift rosters for pharmacy and plant teams, and 24 days of paid leave.",
  },
  {
    icon: Baby,
    title: "Parental leave",
    text: "26 weeks of paid maternity leave, 4 weeks of paid paternity leave and a crèche allowance until your child turns six.",
  },
  {
    icon: PiggyBank,
    title: "Long-term security",
    text: "Provident fund, gratuity and term life insurance from your first day, and a performance bonus every year.",
  },
  {
    icon: ShoppingBag,
    title: "Staff discount",
    text: "30% off our whole range for you and your family, because we think everyone should use what they make.",
  },
];

const TESTIMONIALS = [
  {
    quote:
      "I joined as a pharmacist checking prescriptions. Three years later I lead the dispensing team and trained six new pharmacists. Patient safety comes first here, and nobody rushes a review.",
    name: "Priya Nair",
    role: "Pharmacy Lead, Bengaluru",
  },
  {
    quote:
      "Quality is not a department that says no. When I flagged a supplier's certificate that didn't match our own test, the batch was held the same day and the team thanked me for it.",
    name: "Rahul Deshpande",
    role: "Senior QA Executive, Bengaluru",
  },
  {
    quote:
      "Doctors trust our reps because we talk about evidence, not freebies. The scientific training before my first field visit was better than anything at my previous company.",
    name: "Sneha Kulkarni",
    role: "Territory Sales Manager, Pune",
  },
];

export default function Career() {
  return (
    <Static>
    <main id="main">
      <PageHero
        eyebrow="Careers"
        title={`Build a healthier India with ${SHOP_NAME}`}
        intro="We are pharmacists, quality specialists, scientists and sales people who make and dispense nutrition and medicines families can trust. Come and do the best work of your career with us."
      />
      <div className="mx-auto flex max-w-6xl flex-wrap gap-3 px-4 sm:px-6">
        <ButtonLink to="#openings">See open positions</ButtonLink>
        <ButtonLink to="/talent-network" variant="secondary">
          Join our talent network
        </ButtonLink>
      </div>

      <ContentSection
        id="why-join"
        title="Why people join us"
        intro="A growing company where your work reaches patients directly: every order we dispense and every batch we release carries the names of the people who checked it."
      >
        <div className="mt-8 grid items-center gap-8 md:grid-cols-2">
          <ul className="space-y-4 text-gray-800">
            <li className="flex gap-3">
              <Briefcase className="mt-1 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
              <span>Around 240 colleagues across our Bengaluru pharmacy, manufacturing site and field teams in six states.</span>
            </li>
            <li className="flex gap-3">
              <GraduationCap className="mt-1 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
              <span>
                Clear career tracks and learning programmes, described on our{" "}
                <Link to="/career-path" className={TEXT_LINK}>
                  career paths
                </Link>{" "}
                page.
              </span>
            </li>
            <li className="flex gap-3">
              <MapPin className="mt-1 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
              <span>Roles in Bengaluru, in field territories across India, and remote roles for specialists.</span>
            </li>
          </ul>
          <img
            src="/images/site/careers-team.svg"
            alt="Illustration of a pharmacist, a lab scientist and a sales colleague working together"
            width={560}
            height={360}
            loading="lazy"
            className="h-auto w-full rounded-xl"
          />
        </div>
      </ContentSection>

      <ContentSection
        id="openings"
        title="Open positions"
        tinted
        intro="Four roles are open right now. Each one lists what we will ask you for when you apply."
      >
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {JOB_OPENINGS.map((opening) => (
            <li key={opening.slug} className="flex flex-col rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
              <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{opening.department}</p>
              <h3 className="mt-1 text-xl font-semibold text-gray-900">{opening.title}</h3>
              <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-gray-700">
                <div className="flex items-center gap-1.5">
                  <dt>
                    <MapPin className="h-4 w-4 text-brand-700" aria-hidden />
                    <span className="sr-only">Location</span>
                  </dt>
                  <dd>{opening.location}</dd>
                </div>
                <div className="flex items-center gap-1.5">
                  <dt>
                    <Clock className="h-4 w-4 text-brand-700" aria-hidden />
                    <span className="sr-only">Type</span>
                  </dt>
                  <dd>{opening.type}</dd>
                </div>
              </dl>
              <p className="mt-3 flex-1 text-gray-700">{opening.summary}</p>
              <div className="mt-5">
                <ButtonLink to={`/apply?role=${opening.slug}`}>
                  Apply<span className="sr-only"> for {opening.title}</span>
                </ButtonLink>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-gray-800">
          Don't see the right role?{" "}
          <Link to="/apply" className={TEXT_LINK}>
            Send us a general application
          </Link>{" "}
          or{" "}
          <Link to="/talent-network" className={TEXT_LINK}>
            join our talent network
          </Link>{" "}
          to hear about new openings first.
        </p>
      </ContentSection>

      <ContentSection id="benefits" title="Benefits" intro="What every permanent employee gets, from the day they join.">
        <FeatureGrid features={BENEFITS} />
      </ContentSection>

      <ContentSection id="testimonials" title="What our people say" tinted>
        <ul className="mt-8 grid gap-6 lg:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className="flex h-full flex-col rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
                <blockquote className="flex-1 text-gray-800">
                  <p>“{testimonial.quote}”</p>
                </blockquote>
                <figcaption className="mt-4 border-t border-gray-200 pt-4">
                  <span className="block font-semibold text-gray-900">{testimonial.name}</span>
                  <span className="block text-sm text-gray-700">{testimonial.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="next-steps" title="Take the next step">
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          <li className="rounded-xl border border-gray-200 p-6">
            <h3 className="text-lg font-semibold text-gray-900">Apply</h3>
            <p className="mt-2 text-gray-700">What to send, where to send it, and how our hiring process works.</p>
            <Link to="/apply" className={`mt-4 inline-block ${TEXT_LINK}`}>
              How to apply
            </Link>
          </li>
          <li className="rounded-xl border border-gray-200 p-6">
            <h3 className="text-lg font-semibold text-gray-900">Career paths</h3>
            <p className="mt-2 text-gray-700">How people grow in pharmacy, quality, R&amp;D and sales, and how we train them.</p>
            <Link to="/career-path" className={`mt-4 inline-block ${TEXT_LINK}`}>
              Explore career paths
            </Link>
          </li>
          <li className="rounded-xl border border-gray-200 p-6">
            <h3 className="text-lg font-semibold text-gray-900">Talent network</h3>
            <p className="mt-2 text-gray-700">Not ready to apply? Get an email when a role that fits you opens.</p>
            <Link to="/talent-network" className={`mt-4 inline-block ${TEXT_LINK}`}>
              Join the talent network
            </Link>
          </li>
        </ul>
      </ContentSection>
    </main>
    </Static>
  );
}
