import { ErrorPage } from "~/components/error-page";

/** An admin page's error boundary: the shop's error page (404, 403, 500 with request id) inside the admin frame. */
export function ErrorBoundary({ error }: { error: unknown }) {
  return <ErrorPage error={error} />;
}
