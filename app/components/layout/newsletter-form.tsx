import { useState } from "react";
import { subscribeSchema } from "#common/schemas/content.ts";
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
    const parsed = subscribeSchema.safeParse({ email: new FormData(form).get("email") });
    if (!parsed.success) {
      setStatus({ kind: "error", message: parsed.error.issues[0]!.message });
      return;
    }
    setStatus({ kind: "sending" });
    const result = await postJson("/api/subscribe", parsed.data);
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
