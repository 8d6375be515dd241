import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { useState } from "react";
import { Form, data, useActionData, useRouteLoaderData } from "react-router";
import { CONTACT_THANK_YOU, contactSchema } from "#common/schemas/content.ts";
import { fieldErrors } from "#common/validation.ts";
import { Field, TextAreaField } from "~/components/ui/field";
import { PageHero } from "~/components/ui/page-hero";
import { postJson } from "~/lib/api";
import { pageMeta } from "~/lib/meta";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Contact Us",
    "Questions about an order, a product or a prescription? Call, email or write to our pharmacist-led care team. Business hours Mon–Fri 9–6, Sat 10–2.",
  );

/**
 * Without JavaScript the form posts here; with it, the page posts to POST /api/contact. Both go
 * through the same module function (rate limit included) and its one reply table.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const [{ sendContactMessage }, { contentReply }] = await Promise.all([
    import("#server/modules/content/contact.ts"),
    import("#server/modules/content/replies.ts"),
  ]);
  const parsed = contactSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false as const, errors: fieldErrors(parsed.error), message: null }, { status: 400 });
  const result = await sendContactMessage(context.shop, parsed.data, context.clientIp);
  const reply = contentReply(result);
  if (!result.ok) return data({ ok: false as const, errors: {}, message: reply.message }, { status: reply.status, headers: reply.headers });
  return { ok: true as const, errors: {}, message: null };
}

const HOURS = [
  { days: "Monday – Friday", time: "9:00 AM – 6:00 PM" },
  { days: "Saturday", time: "10:00 AM – 2:00 PM" },
  { days: "Sunday", time: "Closed" },
];

export default function Contact() {
  const seller = useRouteLoaderData<typeof rootLoader>("root")?.seller;
  const actionData = useActionData<typeof action>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const shownErrors = actionData && !actionData.ok ? { ...actionData.errors, ...errors } : errors;
  const thanked = sent || actionData?.ok;
  // Without JavaScript, a refusal (too many messages) comes back from the action.
  const shownFailure = failure ?? (actionData && !actionData.ok ? actionData.message : null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setSent(false);
    setFailure(null);
    const parsed = contactSchema.safeParse(Object.fromEntries(new FormData(form)));
    if (!parsed.success) {
      const invalid = fieldErrors(parsed.error);
      setErrors(invalid);
      focusFirstInvalid(form, invalid);
      return;
    }
    setErrors({});
    setSending(true);
    const result = await postJson("/api/contact", parsed.data);
    setSending(false);
    if (result.ok) {
      form.reset();
      setSent(true);
    } else {
      setErrors(result.errors ?? {});
      setFailure(result.message);
      focusFirstInvalid(form, result.errors ?? {});
    }
  }

  return (
    <main id="main">
      <PageHero
        eyebrow="We're here to help"
        title="Contact Us"
        intro="Questions about a product, an order or a prescription? Write to us and our care team will get back to you within one business day."
      />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-5">
        <section aria-labelledby="contact-form-heading" className="lg:col-span-3">
          <h2 id="contact-form-heading" className="text-2xl font-bold text-gray-900">
            Send us a message
          </h2>
          <Form method="post" noValidate onSubmit={onSubmit} className="mt-6 space-y-5" aria-describedby="contact-result">
            <Field label="Name" name="name" autoComplete="name" required error={shownErrors.name} />
            <Field label="Email" name="email" type="email" autoComplete="email" required error={shownErrors.email} />
            <TextAreaField label="Message" name="message" rows={6} required error={shownErrors.message} />
            <button
              type="submit"
              disabled={sending}
              className="rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
            >
              {sending ? "Sending..." : "Send Message"}
            </button>
            <div id="contact-result" role="status" aria-live="polite">
              {thanked ? (
                <p className="rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-brand-900">{CONTACT_THANK_YOU}</p>
              ) : null}
              {shownFailure ? <p className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">{shownFailure}</p> : null}
            </div>
          </Form>
        </section>
        <aside className="space-y-8 lg:col-span-2" aria-label="Contact information">
          <section aria-labelledby="contact-info-heading">
            <h2 id="contact-info-heading" className="text-xl font-bold text-gray-900">
              Contact information
            </h2>
            <ul className="mt-4 space-y-3 text-gray-800">
              <li className="flex gap-3">
                <MapPin className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
                <span>
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
          </section>
          <section aria-labelledby="contact-hours-heading">
            <h2 id="contact-hours-heading" className="flex items-center gap-2 text-xl font-bold text-gray-900">
              <Clock className="h-5 w-5 text-brand-700" aria-hidden /> Business hours
            </h2>
            <dl className="mt-4 divide-y divide-gray-200 text-gray-800">
              {HOURS.map((row) => (
                <div key={row.days} className="flex justify-between py-2">
                  <dt>{row.days}</dt>
                  <dd className="font-medium">{row.time}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section aria-labelledby="contact-map-heading">
            <h2 id="contact-map-heading" className="text-xl font-bold text-gray-900">
              Find us
            </h2>
            <img
              src="/images/site/map.svg"
              alt={`Map showing our office at ${seller?.address ?? "HSR Layout, Bengaluru"}`}
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
