import { Link, isRouteErrorResponse } from "react-router";
import { useRequestId } from "~/lib/request-info";
import { SHOP_NAME } from "#common/brand.ts";
import { useLocalePath, useT } from "~/lib/i18n";

/** The one error boundary: 404 and 403 pages by status, otherwise a 500 page with the request id (never a stack). */
export function ErrorPage({ error }: { error: unknown }) {
  const requestId = useRequestId();
  const t = useT();
  const status = isRouteErrorResponse(error) ? error.status : 500;

  if (status === 404) {
    return (
      <ErrorLayout
        title={t("errors.title404")}
        code="404"
        description={t("errors.description404")}
      >
        <p>{t("errors.text404")}</p>
      </ErrorLayout>
    );
  }
  if (status === 403) {
    return (
      <ErrorLayout title={t("errors.title403")} code="403" description={t("errors.text403")}>
        <p>{t("errors.text403")}</p>
      </ErrorLayout>
    );
  }
  return (
    <ErrorLayout
      title={t("errors.title500")}
      code={String(status)}
      description={t("errors.description500")}
    >
      <p>{t("errors.text500")}</p>
      {requestId ? (
        <p className="mt-3 text-sm text-gray-600">
          {t("errors.reference")} <code className="font-mono">{requestId}</code>.
        </p>
      ) : null}
    </ErrorLayout>
  );
}

function ErrorLayout({
  title,
  code,
  description,
  children,
}: {
  title: string;
  code: string;
  description: string;
  children: React.ReactNode;
}) {
  const t = useT();
  const lp = useLocalePath();
  return (
    <main id="main" className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-start justify-center px-6 py-16">
      <title>{`${title} | ${SHOP_NAME}`}</title>
      <meta name="description" content={description} />
      <p className="text-sm font-semibold tracking-wide text-brand-700">{t("errors.code", { code })}</p>
      <h1 className="mt-2 text-3xl font-bold text-gray-900">{title}</h1>
      <div className="mt-4 text-gray-700">{children}</div>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to={lp("/")} className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
          {t("errors.home")}
        </Link>
        <Link to={lp("/collections/all")} className="rounded-md border border-brand-700 px-4 py-2 font-medium text-brand-800 hover:bg-brand-50">
          {t("errors.browse")}
        </Link>
        <Link to={lp("/contact")} className="rounded-md px-4 py-2 font-medium text-brand-800 underline">
          {t("errors.contact")}
        </Link>
      </div>
    </main>
  );
}
