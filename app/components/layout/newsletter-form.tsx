import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { contactEmailProblem, WELCOME_OFFER } from "#common/content.ts";

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
  return (
    <p className={`text-sm ${className}`}>
      Your welcome code for {WELCOME_OFFER} is in that email: it works for an account with this email address.
    </p>
  );
}

/**
 * Posts to the /newsletter route action: through a fetcher with JavaScript (the page stays put),
 * as a plain form post without it (the answer is the /newsletter page). POST /api/subscribe
 * stays for other clients; all three call the same module function.
 */
export function NewsletterForm() {
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
      setInvalid(problem);
      return;
    }
    input.value = email;
    setInvalid(null);
  }

  const answer = sending ? null : invalid !== null ? { ok: false, message: invalid } : (fetcher.data ?? null);
  return (
    <fetcher.Form ref={formRef} method="post" action="/newsletter" noValidate onSubmit={validate} className="mt-4">
      <label htmlFor="newsletter-email" className="sr-only">
        Email address
      </label>
      <div className="flex gap-2">
        <input
          id="newsletter-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="Your email address"
          aria-invalid={(answer !== null && !answer.ok) || undefined}
          aria-describedby="newsletter-status"
          className="min-w-0 flex-1 rounded-md border border-brand-200 bg-white px-3 py-2 text-gray-900"
        />
        <button
          type="submit"
          disabled={sending}
          className="rounded-md bg-accent-600 px-4 py-2 font-semibold text-white hover:bg-accent-500 disabled:opacity-70"
        >
          Subscribe
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
