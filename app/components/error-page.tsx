import { Link, isRouteErrorResponse } from "react-router";
import { useRequestId } from "~/lib/request-info";
import { SHOP_NAME } from "#common/brand.ts";

/** The one error boundary: 404 and 403 pages by status, otherwise a 500 page with the request id (never a stack). */
export function ErrorPage({ error }: { error: unknown }) {
  const requestId = useRequestId();
  const status = isRouteErrorResponse(error) ? error.status : 500;

  if (status === 404) {
    return (
      <ErrorLayout
        title="Page not found"
        code="404"
        description="The page you were looking for isn't here. Browse our women care, sports nutrition and kids nutrition products or contact us."
      >
        <p>We couldn't find the page you were looking for. It may have moved, or the address may be mistyped.</p>
      </ErrorLayout>
    );
  }
  if (status === 403) {
    return (
      <ErrorLayout title="Access denied" code="403" description="You don't have permission to view this page.">
        <p>You don't have permission to view this page.</p>
      </ErrorLayout>
    );
  }
  return (
    <ErrorLayout
      title="Something went wrong"
      code={String(status)}
      description="Something went wrong on our side. Please try again in a moment."
    >
      <p>Sorry, something went wrong on our side. Please try again in a moment.</p>
      {requestId ? (
        <p className="mt-3 text-sm text-gray-600">
          If you contact us about this, please quote the reference <code className="font-mono">{requestId}</code>.
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
  return (
    <main id="main" className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-start justify-center px-6 py-16">
      <title>{`${title} | ${SHOP_NAME}`}</title>
      <meta name="description" content={description} />
      <p className="text-sm font-semibold tracking-wide text-brand-700">Error {code}</p>
      <h1 className="mt-2 text-3xl font-bold text-gray-900">{title}</h1>
      <div className="mt-4 text-gray-700">{children}</div>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/" className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
          Go to the home page
        </Link>
        <Link to="/collections/all" className="rounded-md border border-brand-700 px-4 py-2 font-medium text-brand-800 hover:bg-brand-50">
          Browse products
        </Link>
        <Link to="/contact" className="rounded-md px-4 py-2 font-medium text-brand-800 underline">
          Contact us
        </Link>
      </div>
    </main>
  );
}
