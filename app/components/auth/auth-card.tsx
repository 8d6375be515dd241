import { ShieldCheck } from "lucide-react";
import { Logo } from "~/components/layout/logo";
import { useT } from "~/lib/i18n";

/** The frame of the login and register pages: a centred card with the page's heading. */
export function AuthCard({ title, intro, children, footer }: { title: string; intro: string; children: React.ReactNode; footer: React.ReactNode }) {
  const t = useT();
  return (
    <main id="main" className="bg-gradient-to-b from-brand-50 to-white px-4 py-10 sm:py-16">
      <div className="mx-auto w-full max-w-md">
        <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
          <Logo className="h-10 w-10" />
          <h1 className="mt-4 text-2xl font-bold text-gray-900 sm:text-3xl">{title}</h1>
          <p className="mt-2 text-gray-700">{intro}</p>
          <div className="mt-6">{children}</div>
        </div>
        <p className="mt-6 text-center text-gray-800">{footer}</p>
        <p className="mt-4 flex items-center justify-center gap-2 text-sm text-gray-700">
          <ShieldCheck className="h-4 w-4 text-brand-700" aria-hidden />
          {t("auth.secure")}
        </p>
      </div>
    </main>
  );
}

/**
 * The outcome of a submission made before JavaScript ran (or without it): with JavaScript the
 * same message arrives as a toast, so it is not repeated here.
 */
export function FormAlert({ message, show }: { message: string | null | undefined; show: boolean }) {
  if (!message || !show) return null;
  return (
    <p role="alert" className="mb-5 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">
      {message}
    </p>
  );
}

export const SUBMIT_CLASS =
  "w-full rounded-md bg-brand-700 px-6 py-3 text-base font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70";

/** Moves focus to the first field (in form order) that has an error. */
export function focusFirstInvalid(form: HTMLFormElement, errors: Record<string, string>) {
  const field = Array.from(form.elements).find(
    (element): element is HTMLInputElement => element instanceof HTMLInputElement && element.name in errors,
  );
  field?.focus();
}

/** Robots may follow links from these pages but should not list them. */
export const NOINDEX = { name: "robots", content: "noindex" } as const;
