import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, useActionData, useFetcher, useRouteLoaderData } from "react-router";
import { checkContactForm } from "#common/content.ts";
import { formErrors } from "~/components/content/form-messages";
import { Field, TextAreaField } from "~/components/ui/field";
import { PageHero } from "~/components/ui/page-hero";
import { WhatsAppChatLink } from "~/components/ui/whatsapp-chat-link";
import { metaTranslator, useT } from "~/lib/i18n";
import { pageMessages } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/contact";
import { sendContactFromForm } from "./contact.server";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  return pageMeta(t("pages.contact.metaTitle"), t("pages.contact.metaDescription"));
};

export function loader({ request }: Route.LoaderArgs) {
  return { messages: pageMessages(request, "pages") };
}

/**
 * The form posts here, through a fetcher with JavaScript and as a plain form post without it;
 * POST /api/contact stays for other clients. Both call the same module function (rate limit
 * included) and answer from its one reply table.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const reply = await sendContactFromForm(context, request, await request.formData());
  const ok = reply.status < 300;
  // Field errors are shown beside their fields; a refusal (too many messages) as the form's result.
  const message = ok || reply.errors ? null : reply.message;
  return data({ ok, errors: reply.errors ?? {}, message }, { status: reply.status, headers: reply.headers });
}

const HOURS = [
  { days: "pages.contact.weekdays", time: "pages.contact.weekdaysTime" },
  { days: "pages.contact.saturday", time: "pages.contact.saturdayTime" },
  { days: "pages.contact.sunday", time: "pages.contact.closed" },
];

export default function Contact() {
  const t = useT();
  const seller = useRouteLoaderData<typeof rootLoader>("root")?.seller;
  // Without JavaScript the answer is the page's action data; with it, the fetcher's.
  const actionData = useActionData<typeof action>();
  const fetcher = useFetcher<typeof action>();
  const result = fetcher.data ?? actionData;
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const sending = fetcher.state !== "idle";
  const shownErrors = result && !result.ok ? { ...result.errors, ...errors } : errors;
  const thanked = !sending && result?.ok;
  const shownFailure = !sending && result && !result.ok ? result.message : null;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const form = formRef.current;
    if (fetcher.data.ok) form?.reset();
    else if (form) focusFirstInvalid(form, fetcher.data.errors);
  }, [fetcher.state, fetcher.data]);

  /** The browser checks first with the shared rules; a valid form goes on to the action. */
  function validate(event: React.FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const parsed = checkContactForm(Object.fromEntries(new FormData(form)));
    if (parsed.ok) {
      setErrors({});
      return;
    }
    event.preventDefault();
    const invalid = formErrors(parsed.errors, t);
    setErrors(invalid);
    focusFirstInvalid(form, invalid);
  }

  return (
    <main id="main">
      <PageHero
        eyebrow={t("pages.contact.eyebrow")}
        title={t("pages.contact.title")}
        intro={t("pages.contact.intro")}
      />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-5">
        <section aria-labelledby="contact-form-heading" className="lg:col-span-3">
          <h2 id="contact-form-heading" className="text-2xl font-bold text-gray-900">
            {t("pages.contact.formHeading")}
          </h2>
          <fetcher.Form ref={formRef} method="post" noValidate onSubmit={validate} className="mt-6 space-y-5" aria-describedby="contact-result">
            <Field label={t("pages.contact.name")} name="name" autoComplete="name" required error={shownErrors.name} />
            <Field label={t("pages.contact.email")} name="email" type="email" autoComplete="email" required error={shownErrors.email} />
            <TextAreaField label={t("pages.contact.message")} name="message" rows={6} required error={shownErrors.message} />
            <button
              type="submit"
              disabled={sending}
              className="rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
            >
              {sending ? t("pages.contact.sending") : t("pages.contact.send")}
            </button>
            <div id="contact-result" role="status" aria-live="polite">
              {thanked ? (
                <p className="rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-brand-900">{t("pages.contact.thanks")}</p>
              ) : null}
              {shownFailure ? <p className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">{shownFailure}</p> : null}
            </div>
          </fetcher.Form>
        </section>
        <aside className="space-y-8 lg:col-span-2" aria-label={t("pages.contact.infoLabel")}>
          <section aria-labelledby="contact-info-heading">
            <h2 id="contact-info-heading" className="text-xl font-bold text-gray-900">
              {t("pages.contact.infoHeading")}
            </h2>
            <ul className="mt-4 space-y-3 text-gray-800">
              <li className="flex gap-3">
                <MapPin className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
                <span lang="en">
                  {seller?.name}
                  <br />
                  {seller?.address}
                </span>
              </li>
              <li className="flex gap-3">
                <Phone className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
                <a href={`tel:${seller?.phone.replace(/\s+/g, "")}`} className="underline">
                  {seller?.phone}
                </a>
              </li>
              <li className="flex gap-3">
                <Mail className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
                <a href={`mailto:${seller?.email}`} className="underline">
                  {seller?.email}
                </a>
              </li>
            </ul>
            <WhatsAppChatLink text={t("pages.contact.chatText")} className="mt-4" />
          </section>
          <section aria-labelledby="contact-hours-heading">
            <h2 id="contact-hours-heading" className="flex items-center gap-2 text-xl font-bold text-gray-900">
              <Clock className="h-5 w-5 text-brand-700" aria-hidden /> {t("pages.contact.hoursHeading")}
            </h2>
            <dl className="mt-4 divide-y divide-gray-200 text-gray-800">
              {HOURS.map((row) => (
                <div key={row.days} className="flex justify-between py-2">
                  <dt>{t(row.days)}</dt>
                  <dd className="font-medium">{t(row.time)}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section aria-labelledby="contact-map-heading">
            <h2 id="contact-map-heading" className="text-xl font-bold text-gray-900">
              {t("pages.contact.mapHeading")}
            </h2>
            <img
              src="/images/site/map.svg"
              alt={t("pages.contact.mapAlt", { address: seller?.address ?? t("pages.contact.mapFallback") })}
              width={640}
              height={400}
              loading="lazy"
              className="mt-4 h-auto w-full rounded-lg border border-gray-200"
            />
          </section>
        </aside>
      </div>
    </main>
  );
}

/** Moves focus to the first field (in form order) that has an error; the DOM has not re-rendered yet. */
function focusFirstInvalid(form: HTMLFormElement, errors: Record<string, string>) {
  const field = Array.from(form.elements).find(
    (element): element is HTMLInputElement | HTMLTextAreaElement =>
      (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) && element.name in errors,
  );
  field?.focus();
}
