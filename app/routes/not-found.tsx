import { data } from "react-router";
import { ErrorPage } from "~/components/error-page";

/** Any path no screen claims: a real 404 status with the shared 404 page. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return <ErrorPage error={error} />;
}
