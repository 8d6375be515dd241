import { BellRing, CalendarDays, Mail, Newspaper } from "lucide-react";
import { Link } from "react-router";
import { ContentSection, FeatureGrid, StepList, TEXT_LINK, type Feature, type Step } from "~/components/content/blocks";
import { PageHero } from "~/components/ui/page-hero";
import { CAREERS_EMAIL, careersMailto } from "~/lib/careers";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/talent-network";
import { Static } from "~/components/ui/static";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Talent Network",
    "Not ready to apply? Join our talent network by email and hear first about pharmacy, quality, R&D and sales roles, hiring events and campus drives.",
  );

const SUBJECT = "Talent network";

const JOIN_STEPS: Step[] = [
  {
    title: "Write to us",
    text: (
      <>
        Email{" "}
        <a href={careersMailto(SUBJECT)} className={`break-words ${TEXT_LINK}`}>
          {CAREERS_EMAIL}
        </a>{" "}
        with the subject “Talent network”.
      </>
    ),
  },
  {
    title: "Tell us what you're looking for",
    text: "The area that interests you (pharmacy, quality, R&D, sales or support functions), your experience in a line or two, and the cities you would work in.",
  },
  {
    title: "Attach your CV",
    text: "A PDF no larger than 5 MB. It helps us match you to roles, but a short description of your experience is fine too.",
  },
  {
    title: "Get a confirmation",
    text: "We reply within 7 working days to confirm you have joined and which kinds of roles we will tell you about.",
  },
];

const WHAT_WE_SEND: Feature[] = [
  {
    icon: BellRing,
    title: "Matching openings",
    text: "An email as soon as a role in your area and city opens, a week before we advertise it anywhere else.",
  },
  {
    icon: CalendarDays,
    title: "Hiring events",
    text: "Invitations to open days at our Bengaluru site, campus drives at pharmacy colleges and walk-in interviews.",
  },
  {
    icon: Newspaper,
    title: "A quarterly update",
    text: "Four short emails a year on what our teams are working on and the roles we expect to open next.",
  },
];

export default function TalentNetwork() {
  return (
    <Static>
    <main id="main">
      <PageHero
        eyebrow="Careers"
        title="Join our talent network"
        intro="Not the right time, or not the right role yet? Leave your details with us and we will write to you when something fits."
      />

      <ContentSection id="what-it-is" title="What the talent network is">
        <div className="mt-4 max-w-3xl space-y-4 text-gray-800">
          <p>
            It is a short list of people we would like to work with: pharmacists, chemists, scientists, nutritionists, sales
            people and support staff who have told us what they are looking for. When a role opens, our recruiters look at
            the network first.
          </p>
          <p>
            Joining is free, takes one email, and does not commit you to anything. It is also open to students in their
            final year of B.Pharm, M.Pharm or M.Sc. programmes looking for internships.
          </p>
        </div>
      </ContentSection>

      <ContentSection id="how-to-join" title="How to join" tinted>
        <StepList steps={JOIN_STEPS} />
        <a
          href={careersMailto(SUBJECT)}
          className="mt-8 inline-flex items-center gap-2 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
        >
          <Mail className="h-5 w-5" aria-hidden />
          Email us to join
        </a>
      </ContentSection>

      <ContentSection id="what-we-send" title="What we'll send you" intro="Only emails about careers with us, never marketing for our products.">
        <FeatureGrid features={WHAT_WE_SEND} />
      </ContentSection>

      <ContentSection id="your-details" title="Your details and how to leave" tinted>
        <div className="mt-4 max-w-3xl space-y-4 text-gray-800">
          <p>
            We keep your details for 12 months and then ask whether you would like to stay. To leave at any time, reply to any
            of our emails with “Remove me” and we delete your details within 7 days. Our{" "}
            <Link to="/privacy" className={TEXT_LINK}>
              Privacy Policy
            </Link>{" "}
            explains how we protect your data.
          </p>
          <p>
            Already know which role you want? See the{" "}
            <Link to="/career" className={TEXT_LINK}>
              open positions
            </Link>
            ,{" "}
            <Link to="/apply" className={TEXT_LINK}>
              find out how to apply
            </Link>{" "}
            or read about our{" "}
            <Link to="/career-path" className={TEXT_LINK}>
              career paths
            </Link>
            .
          </p>
        </div>
      </ContentSection>
    </main>
    </Static>
  );
}
