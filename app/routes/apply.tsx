import { Clock, Mail, MapPin, ShieldAlert } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { ContentSection, StepList, TEXT_LINK, type Step } from "~/components/content/blocks";
import { rich, useLinkTag } from "~/components/content/rich";
import { PageHero } from "~/components/ui/page-hero";
import { CAREERS_EMAIL, JOB_OPENINGS, careersMailto, findOpening } from "~/lib/careers";
import { metaTranslator, useLanguage, useLocalePath, useT } from "~/lib/i18n";
import { pageMessages } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/apply";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  const opening = findOpening(new URLSearchParams(location.search).get("role"));
  return pageMeta(
    opening ? t("careers.apply.metaTitleRole", { title: t(`careers.job.${opening.slug}.title`) }) : t("careers.apply.metaTitle"),
    t("careers.apply.metaDescription"),
  );
};

export function loader({ request }: Route.LoaderArgs) {
  return { messages: pageMessages(request, "content", "careers") };
}

const ALWAYS_SEND = [1, 2, 3, 4];

const HIRING_STEPS = ["read", "call", "skills", "team", "offer", "welcome"];

export default function Apply() {
  const [searchParams] = useSearchParams();
  const requestedRole = searchParams.get("role");
  const opening = findOpening(requestedRole);
  // The email's subject stays English (the careers inbox sorts by it); the page's words around it are translated.
  const subject = opening ? `Application: ${opening.title}` : "General application";
  const t = useT();
  const lp = useLocalePath();
  const language = useLanguage();
  const link = useLinkTag(TEXT_LINK);
  const job = (field: string) => (opening ? t(`careers.job.${opening.slug}.${field}`) : "");
  const hiringSteps: Step[] = HIRING_STEPS.map((key) => ({ title: t(`careers.apply.step.${key}`), text: t(`careers.apply.step.${key}Text`) }));

  return (
    <main id="main">
      <PageHero
        eyebrow={t("careers.eyebrow")}
        title={opening ? t("careers.apply.titleRole", { title: job("title") }) : t("careers.apply.title")}
        intro={t("careers.apply.intro")}
      />

      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        {opening ? (
          <section aria-labelledby="applying-for" className="rounded-xl border border-brand-200 bg-brand-50 p-6">
            <h2 id="applying-for" className="text-xl font-bold text-gray-900">
              {t("careers.apply.applyingFor", { title: job("title") })}
            </h2>
            <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-gray-800">
              <li className="flex items-center gap-1.5">
                <MapPin className="h-4 w-4 text-brand-700" aria-hidden />
                {job("location")}
              </li>
              <li className="flex items-center gap-1.5">
                <Clock className="h-4 w-4 text-brand-700" aria-hidden />
                {job("type")}
              </li>
            </ul>
            <p className="mt-3 text-gray-800">{job("summary")}</p>
          </section>
        ) : requestedRole ? (
          <section aria-labelledby="role-not-found" className="rounded-xl border border-amber-300 bg-amber-50 p-6">
            <h2 id="role-not-found" className="text-xl font-bold text-gray-900">
              {t("careers.apply.closedTitle")}
            </h2>
            <p className="mt-2 text-gray-800">{rich(t("careers.apply.closedText"), { openings: link("/career#openings") })}</p>
          </section>
        ) : null}
      </div>

      <ContentSection id="what-to-send" title={t("careers.apply.whatTitle")}>
        <div className="mt-6 grid gap-8 lg:grid-cols-2">
          <div>
            <h3 className="text-lg font-semibold text-gray-900">{t("careers.apply.always")}</h3>
            <ul className="mt-3 list-disc space-y-2 pl-6 text-gray-800">
              {ALWAYS_SEND.map((n) => (
                <li key={n}>{t(`careers.apply.always${n}`)}</li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="text-lg font-semibold text-gray-900">
              {opening ? t("careers.apply.forRole", { title: job("title") }) : t("careers.apply.forSpecific")}
            </h3>
            {opening ? (
              <ul className="mt-3 list-disc space-y-2 pl-6 text-gray-800">
                {opening.askFor.map((_, index) => (
                  <li key={index}>{job(`ask${index + 1}`)}</li>
                ))}
              </ul>
            ) : (
              <>
                <p className="mt-3 text-gray-800">{t("careers.apply.nameRole")}</p>
                <ul className="mt-3 list-disc space-y-2 pl-6 text-gray-800">
                  {JOB_OPENINGS.map(({ slug }) => (
                    <li key={slug}>
                      <Link to={lp(`/apply?role=${slug}`)} className={TEXT_LINK}>
                        {t(`careers.job.${slug}.title`)}
                      </Link>{" "}
                      ({t(`careers.job.${slug}.location`)})
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        </div>
      </ContentSection>

      <ContentSection id="send-it" title={t("careers.apply.whereTitle")} tinted>
        <p className="mt-3 max-w-3xl text-gray-800">
          {rich(t("careers.apply.emailTo"), {
            email: () => (
              <a href={careersMailto(subject)} className={`break-words ${TEXT_LINK}`}>
                {CAREERS_EMAIL}
              </a>
            ),
            subject: () => (
              <strong className="text-gray-900">
                “{language === "en" ? subject : <span lang="en">{subject}</span>} – {t("careers.apply.yourName")}”
              </strong>
            ),
          })}
        </p>
        <a
          href={careersMailto(subject)}
          className="mt-6 inline-flex items-center gap-2 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
        >
          <Mail className="h-5 w-5" aria-hidden />
          {t("careers.apply.emailButton")}
        </a>
        <p className="mt-6 max-w-3xl text-gray-700">{rich(t("careers.apply.keep"), { privacy: link("/privacy") })}</p>
      </ContentSection>

      <ContentSection id="hiring-process" title={t("careers.apply.processTitle")} intro={t("careers.apply.processIntro")}>
        <StepList steps={hiringSteps} />
        <div className="mt-8 flex gap-3 rounded-xl border border-gray-200 bg-gray-50 p-5 text-gray-800">
          <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
          <p>
            {rich(t("careers.apply.noFee"), {
              b: (text) => <strong className="text-gray-900">{text}</strong>,
              contact: link("/contact"),
            })}
          </p>
        </div>
        <p className="mt-8 text-gray-800">
          {rich(t("careers.apply.notReady"), { paths: link("/career-path"), network: link("/talent-network"), career: link("/career") })}
        </p>
      </ContentSection>
    </main>
  );
}
