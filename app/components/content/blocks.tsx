import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { useT } from "~/lib/i18n";

/** A titled band of a content page; `tinted` gives it the pale brand background. */
export function ContentSection({
  id,
  title,
  intro,
  tinted = false,
  children,
}: {
  id: string;
  title: string;
  intro?: React.ReactNode;
  tinted?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={`scroll-mt-20 ${tinted ? "bg-brand-50" : ""}`}>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <h2 id={`${id}-heading`} className="text-2xl font-bold text-gray-900 sm:text-3xl">
          {title}
        </h2>
        {intro ? <p className="mt-3 max-w-3xl text-lg text-gray-700">{intro}</p> : null}
        {children}
      </div>
    </section>
  );
}

export interface Feature {
  icon: LucideIcon;
  title: string;
  text: React.ReactNode;
}

/** A grid of icon cards, each with an h3; used under an h2 section. */
export function FeatureGrid({ features, columns = 3 }: { features: readonly Feature[]; columns?: 2 | 3 | 4 }) {
  const grid = { 2: "sm:grid-cols-2", 3: "sm:grid-cols-2 lg:grid-cols-3", 4: "sm:grid-cols-2 lg:grid-cols-4" }[columns];
  return (
    <ul className={`mt-8 grid gap-6 ${grid}`}>
      {features.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
          <span className="inline-flex h-11 w-11 items-center justify-center rounded-lg bg-brand-100 text-brand-800">
            <Icon className="h-6 w-6" aria-hidden />
          </span>
          <h3 className="mt-4 text-lg font-semibold text-gray-900">{title}</h3>
          <div className="mt-2 text-gray-700">{text}</div>
        </li>
      ))}
    </ul>
  );
}

export interface Step {
  title: string;
  text: React.ReactNode;
}

/** Numbered steps of a process, each with an h3. */
export function StepList({ steps }: { steps: readonly Step[] }) {
  const t = useT();
  return (
    <ol className="mt-8 grid gap-6 md:grid-cols-2">
      {steps.map((step, index) => (
        <li key={step.title} className="flex gap-4 rounded-xl border border-gray-200 bg-white p-5">
          <span
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
            aria-hidden
          >
            {index + 1}
          </span>
          <div>
            <h3 className="text-lg font-semibold text-gray-900">
              <span className="sr-only">{t("content.step", { number: index + 1 })}</span>
              {step.title}
            </h3>
            <div className="mt-1 text-gray-700">{step.text}</div>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** A link styled as a button: solid for the main action, outlined for the others. */
export function ButtonLink({
  to,
  variant = "primary",
  children,
}: {
  to: string;
  variant?: "primary" | "secondary";
  children: React.ReactNode;
}) {
  const style =
    variant === "primary"
      ? "bg-brand-700 text-white hover:bg-brand-800"
      : "border border-brand-700 bg-white text-brand-800 hover:bg-brand-50";
  const className = `inline-flex items-center justify-center gap-2 rounded-md px-5 py-3 font-semibold ${style}`;
  if (to.startsWith("mailto:")) {
    return (
      <a href={to} className={className}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}

export { TEXT_LINK } from "./text-link";
