import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { contactEmailProblem, WELCOME_INCLUDES_RX, WELCOME_PERCENT } from "#common/content.ts";
import { EMAIL_MESSAGES } from "#common/messages.ts";
import { useLocalePath, useT } from "~/lib/i18n";

/** What the /newsletter action answers (app/routes/newsletter.tsx). */
interface SubscribeAnswer {
  ok: boolean;
  message: string;
}

/**
 * Where the welcome code is, after a sign-up (footer and /newsletter page): in the confirmation
 * email only, so that only the owner of the address learns it (issue 26).
 */
export function WelcomeNote({ className = "" }: { className?: string }) {
  const t = useT();
  return <p className={`text-sm ${className}`}>{t("frame.welcomeNote", { offer: useWelcomeOffer() })}</p>;
}

/** The welcome offer (common/content.ts WELCOME_OFFER) in the page's language. */
export function useWelcomeOffer(): string {
  const t = useT();
  return t(WELCOME_INCLUDES_RX ? "frame.welcomeOffer" : "frame.welcomeOfferNoRx", { percent: WELCOME_PERCENT });
}

/** The browser's check of the email (common rules), its message in the page's language. */
const EMAIL_PROBLEM_KEYS: Record<string, string> = {
  [EMAIL_MESSAGES.required]: "frame.email.required",
  [EMAIL_MESSAGES.invalid]: "frame.email.invalid",
};

/**
 * Posts to the /newsletter route action: through a fetcher with JavaScript (the page stays put),
 * as a plain form post without it (the answer is the /newsletter page). POST /api/subscribe
 * stays for other clients; all three call the same module function.
 */
export function NewsletterForm() {
  const t = useT();
  const lp = useLocalePath();
  const fetcher = useFetcher<SubscribeAnswer>();
  const formRef = useRef<HTMLFormElement>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const sending = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);

  function validate(event: React.FormEvent<HTMLFormElement>) {
    // The server's own rule (common/content.ts, no validation library in the footer), so both
    // answer with the same messages.
    const input = event.currentTarget.elements.namedItem("email") as HTMLInputElement;
    const email = input.value.trim();
    const problem = contactEmailProblem(email);
    if (problem !== undefined) {
      event.preventDefault();
      setInvalid(EMAIL_PROBLEM_KEYS[problem] ? t(EMAIL_PROBLEM_KEYS[problem]) : problem);
      return;
    }
    input.value = email;
    setInvalid(null);
  }

  const answer = sending ? null : invalid !== null ? { ok: false, message: invalid } : (fetcher.data ?? null);
  return (
    <fetcher.Form ref={formRef} method="post" action={lp("/newsletter")} noValidate onSubmit={validate} className="mt-4">
      <label htmlFor="newsletter-email" className="sr-only">
        {t("frame.newsletter.emailLabel")}
      </label>
      <div className="flex gap-2">
        <input
          id="newsletter-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder={t("frame.newsletter.emailPlaceholder")}
          aria-invalid={(answer !== null && !answer.ok) || undefined}
          aria-describedby="newsletter-status"
          className="min-w-0 flex-1 rounded-md border border-brand-200 bg-white px-3 py-2 text-gray-900"
        />
        <button
          type="submit"
          disabled={sending}
          className="rounded-md bg-accent-600 px-4 py-2 font-semibold text-white hover:bg-accent-500 disabled:opacity-70"
        >
          {t("frame.newsletter.subscribe")}
        </button>
      </div>
      <p
        id="newsletter-status"
        role="status"
        className={`mt-2 min-h-5 text-sm ${answer && !answer.ok ? "text-orange-200" : "text-white"}`}
      >
        {answer?.message}
      </p>
      {answer?.ok ? <WelcomeNote className="mt-1 text-white" /> : null}
    </fetcher.Form>
  );
}
