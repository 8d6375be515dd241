import { Clock, Mail, MapPin, ShieldAlert } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { ContentSection, StepList, TEXT_LINK, type Step } from "~/components/content/blocks";
import { PageHero } from "~/components/ui/page-hero";
import { CAREERS_EMAIL, JOB_OPENINGS, careersMailto, findOpening } from "~/lib/careers";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/apply";

export const meta: Route.MetaFunction = ({ location }) => {
  const opening = findOpening(new URLSearchParams(location.search).get("role"));
  return pageMeta(
    opening ? `Apply: ${opening.title}` : "How to Apply",
    "Apply for a role with us by email: what to include in your application, where to send it, and the steps of our hiring process from review to offer.",
  );
};

const ALWAYS_SEND = [
  "Your CV as a PDF, no larger than 5 MB",
  "A short note (a few lines is enough) on why this role and our company interest you",
  "Your current city and whether you are willing to relocate",
  "Your notice period and expected salary",
];

const HIRING_STEPS: Step[] = [
  {
    title: "We read your application",
    text: "A member of the hiring team reads every application and replies within 7 working days, whatever the outcome.",
  },
  {
    title: "Introductory call",
    text: "A 30-minute phone or video call about your experience, the role and what you are looking for.",
  },
  {
    title: "Skills conversation",
    text: "A practical interview with the hiring manager: a prescription review, a batch-record exercise or a sales role-play, depending on the role.",
  },
  {
    title: "Meet the team",
    text: "Meet future colleagues at our Bengaluru site or by video, see where you would work and ask anything.",
  },
  {
    title: "Offer and checks",
    text: "A written offer, followed by reference, qualification and (for pharmacists) State Pharmacy Council registration checks.",
  },
  {
    title: "Welcome aboard",
    text: "A two-week induction covering GMP, patient safety and data protection before you start in your team.",
  },
];

export default function Apply() {
  const [searchParams] = useSearchParams();
  const requestedRole = searchParams.get("role");
  const opening = findOpening(requestedRole);
  const subject = opening ? `Application: ${opening.title}` : "General application";

  return (
    <main id="main">
      <PageHero
        eyebrow="Careers"
        title={opening ? `Apply: ${opening.title}` : "How to apply"}
        intro="We take applications by email, so there is no form to fill in and no account to create. Send us the details below and a real person will read them."
      />

      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        {opening ? (
          <section aria-labelledby="applying-for" className="rounded-xl border border-brand-200 bg-brand-50 p-6">
            <h2 id="applying-for" className="text-xl font-bold text-gray-900">
              You are applying for: {opening.title}
            </h2>
            <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-gray-800">
              <li className="flex items-center gap-1.5">
                <MapPin className="h-4 w-4 text-brand-700" aria-hidden />
                {opening.location}
              </li>
              <li className="flex items-center gap-1.5">
                <Clock className="h-4 w-4 text-brand-700" aria-hidden />
                {opening.type}
              </li>
            </ul>
            <p className="mt-3 text-gray-800">{opening.summary}</p>
          </section>
        ) : requestedRole ? (
          <section aria-labelledby="role-not-found" className="rounded-xl border border-amber-300 bg-amber-50 p-6">
            <h2 id="role-not-found" className="text-xl font-bold text-gray-900">
              That role is no longer open
            </h2>
            <p className="mt-2 text-gray-800">
              It may have been filled. You can still send a general application below, or see the{" "}
              <Link to="/career#openings" className={TEXT_LINK}>
                current openings
              </Link>
              .
            </p>
          </section>
        ) : null}
      </div>

      <ContentSection id="what-to-send" title="What to send">
        <div className="mt-6 grid gap-8 lg:grid-cols-2">
          <div>
            <h3 className="text-lg font-semibold text-gray-900">For every application</h3>
            <ul className="mt-3 list-disc space-y-2 pl-6 text-gray-800">
              {ALWAYS_SEND.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="text-lg font-semibold text-gray-900">
              {opening ? `For the ${opening.title} role` : "For a specific role"}
            </h3>
            {opening ? (
              <ul className="mt-3 list-disc space-y-2 pl-6 text-gray-800">
                {opening.askFor.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : (
              <>
                <p className="mt-3 text-gray-800">Name the role in your subject line. Open right now:</p>
                <ul className="mt-3 list-disc space-y-2 pl-6 text-gray-800">
                  {JOB_OPENINGS.map((job) => (
                    <li key={job.slug}>
                      <Link to={`/apply?role=${job.slug}`} className={TEXT_LINK}>
                        {job.title}
                      </Link>{" "}
                      ({job.location})
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        </div>
      </ContentSection>

      <ContentSection id="send-it" title="Where to send it" tinted>
        <p className="mt-3 max-w-3xl text-gray-800">
          Email your application to{" "}
          <a href={careersMailto(subject)} className={`break-words ${TEXT_LINK}`}>
            {CAREERS_EMAIL}
          </a>{" "}
          with the subject line <strong className="text-gray-900">“{subject} – your name”</strong>.
        </p>
        <a
          href={careersMailto(subject)}
          className="mt-6 inline-flex items-center gap-2 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
        >
          <Mail className="h-5 w-5" aria-hidden />
          Email your application
        </a>
        <p className="mt-6 max-w-3xl text-gray-700">
          We keep applications for 12 months so we can contact you about similar roles, then delete them. Ask us to delete
          yours sooner at any time; our{" "}
          <Link to="/privacy" className={TEXT_LINK}>
            Privacy Policy
          </Link>{" "}
          explains your rights.
        </p>
      </ContentSection>

      <ContentSection id="hiring-process" title="Our hiring process" intro="Most hires take three to four weeks from application to offer.">
        <StepList steps={HIRING_STEPS} />
        <div className="mt-8 flex gap-3 rounded-xl border border-gray-200 bg-gray-50 p-5 text-gray-800">
          <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
          <p>
            <strong className="text-gray-900">We never charge a fee</strong> for applications, interviews, training or
            offers, and our recruiters write only from an @healthcarepharma.in address. If anyone asks you to pay, please{" "}
            <Link to="/contact" className={TEXT_LINK}>
              tell us
            </Link>
            .
          </p>
        </div>
        <p className="mt-8 text-gray-800">
          Not ready yet? Read about{" "}
          <Link to="/career-path" className={TEXT_LINK}>
            career paths
          </Link>
          , join our{" "}
          <Link to="/talent-network" className={TEXT_LINK}>
            talent network
          </Link>
          , or go back to{" "}
          <Link to="/career" className={TEXT_LINK}>
            all careers
          </Link>
          .
        </p>
      </ContentSection>
    </main>
  );
}
