import { Links, Meta, Outlet, ScrollRestoration, data, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { FLASH_COOKIE, type Flash } from "#common/flash.ts";
import type { DeliveryPolicy } from "#common/delivery-policy.ts";
import { ErrorPage } from "~/components/error-page";
import { DeferredScripts } from "~/components/layout/deferred-scripts";
import { useHydrationDone } from "~/components/ui/static";
import { useInlineCss, useNonce, useRequestId } from "~/lib/request-info";
import { dispatchCutoff, pageUser, takeFlash } from "./root.server";
import { setNonce } from "get-nonce";

// Radix's scroll lock (dialogs) inserts a <style> element; get-nonce hands it this page's nonce,
// which the Content-Security-Policy requires of style elements (server/http/csp.ts).
if (typeof document !== "undefined") setNonce(document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "");

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, shop } = context;
  const page = {
    user: pageUser(user),
    seller: shop.config.seller,
    // The delivery promise's configured part (common/delivery-policy.ts): every page says the same.
    delivery: {
      dispatchCutoff: await dispatchCutoff(shop),
      codMaxOrderPaise: shop.config.cod.maxOrderPaise,
      codFeePaise: shop.config.cod.feePaise,
    } satisfies DeliveryPolicy,
    publicUrl: shop.config.publicUrl,
    flash: null as Flash | null,
  };
  // A one-time toast set by an action's redirect (server/http/flash.ts): shown once, cleared here.
  if (!request.headers.get("cookie")?.includes(`${FLASH_COOKIE}=`)) return data(page);
  const { flash, clearCookie } = takeFlash(request, shop.config);
  page.flash = flash;
  return data(page, { headers: { "Set-Cookie": clearCookie } });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const requestId = useRequestId();
  const css = useInlineCss();
  const publicUrl = useRouteLoaderData<typeof loader>("root")?.publicUrl;
  const { pathname } = useLocation();
  // One canonical address per page: the public origin plus the path, without filters or tracking parameters.
  const canonical = publicUrl ? `${publicUrl}${pathname}` : undefined;
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#127d66" />
        {requestId ? <meta name="request-id" content={requestId} /> : null}
        <style id="site-css" nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} />
        <Meta />
        {canonical ? <link rel="canonical" href={canonical} /> : null}
        {canonical ? <meta property="og:url" content={canonical} /> : null}
        <meta property="og:type" content="website" />
        <meta property="og:locale" content="en_IN" />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <DeferredScripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useHydrationDone();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}

