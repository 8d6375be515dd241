import { useState } from "react";
import { EMAIL_MESSAGES } from "#common/messages.ts";
import { postJson } from "~/lib/api";

type Status = { kind: "idle" } | { kind: "sending" } | { kind: "success" | "error"; message: string };

/**
 * Posts to POST /api/subscribe. Without JavaScript the same form posts to /newsletter,
 * which stores the address through the same module.
 */
export function NewsletterForm() {
  const [status, setStatus] = useState<Status>({ kind: "idle" });

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    // The browser's own email check keeps the footer free of a validation library; the server
    // checks again with the shared schema and answers with the same messages.
    const input = form.elements.namedItem("email") as HTMLInputElement;
    const email = input.value.trim();
    if (!email || !input.validity.valid) {
      setStatus({ kind: "error", message: email ? EMAIL_MESSAGES.invalid : EMAIL_MESSAGES.required });
      return;
    }
    setStatus({ kind: "sending" });
    const result = await postJson("/api/subscribe", { email });
    setStatus({ kind: result.ok ? "success" : "error", message: result.message });
    if (result.ok) form.reset();
  }

  const message = status.kind === "success" || status.kind === "error" ? status : null;
  return (
    <form method="post" action="/newsletter" noValidate onSubmit={onSubmit} className="mt-4">
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
          aria-invalid={status.kind === "error" || undefined}
          aria-describedby="newsletter-status"
          className="min-w-0 flex-1 rounded-md border border-brand-200 bg-white px-3 py-2 text-gray-900"
        />
        <button
          type="submit"
          disabled={status.kind === "sending"}
          className="rounded-md bg-accent-600 px-4 py-2 font-semibold text-white hover:bg-accent-500 disabled:opacity-70"
        >
          Subscribe
        </button>
      </div>
      <p
        id="newsletter-status"
        role="status"
        className={`mt-2 min-h-5 text-sm ${message?.kind === "error" ? "text-orange-200" : "text-white"}`}
      >
        {message?.message}
      </p>
    </form>
  );
}
