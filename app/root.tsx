import { Links, Meta, Outlet, ScrollRestoration, data, useLocation, useMatches, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { FLASH_COOKIE, type Flash } from "#common/flash.ts";
import type { DeliveryPolicy } from "#common/delivery-policy.ts";
import { ErrorPage } from "~/components/error-page";
import { DeferredScripts } from "~/components/layout/deferred-scripts";
import { useHydrationDone } from "~/components/ui/static";
import { useInlineCss, useNonce, useRequestId } from "~/lib/request-info";
import { HREFLANG, HTML_LANG, languageOfPath, localePath, OG_LOCALE, unprefixedPath } from "~/lib/i18n";
import { pageMessages } from "~/lib/i18n.server";
import { flashInLanguage } from "~/lib/api-sentences.server";
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
    // The error page's texts, for error pages outside the shop layout (the admin area); the shop layout sends its own.
    messages: pageMessages(request, "errors"),
  };
  // A one-time toast set by an action's redirect (server/http/flash.ts): shown once, cleared here.
  if (!request.headers.get("cookie")?.includes(`${FLASH_COOKIE}=`)) return data(page);
  const { flash, clearCookie } = takeFlash(request, shop.config);
  // In Hindi on /hi pages: a sign-in on a Hindi page lands on one (issue 34).
  page.flash = flashInLanguage(flash, request);
  return data(page, { headers: { "Set-Cookie": clearCookie } });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const requestId = useRequestId();
  const css = useInlineCss();
  const publicUrl = useRouteLoaderData<typeof loader>("root")?.publicUrl;
  const { pathname } = useLocation();
  const language = languageOfPath(pathname);
  // One canonical address per page: the public origin plus the path, without filters or tracking parameters.
  const canonical = publicUrl ? `${publicUrl}${pathname}` : undefined;
  // Storefront pages exist in both languages (decisions/065): each names the other, English is the default.
  const storefront = useMatches().some((match) => match.id === "routes/shop-layout");
  const bare = unprefixedPath(pathname);
  const alternates =
    publicUrl && storefront
      ? [
          { hrefLang: HREFLANG.en, href: `${publicUrl}${bare}` },
          { hrefLang: HREFLANG.hi, href: `${publicUrl}${localePath(bare, "hi")}` },
          { hrefLang: "x-default", href: `${publicUrl}${bare}` },
        ]
      : [];
  return (
    <html lang={HTML_LANG[language]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#127d66" />
        {requestId ? <meta name="request-id" content={requestId} /> : null}
        <style id="site-css" nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} />
        <Meta />
        {canonical ? <link rel="canonical" href={canonical} /> : null}
        {alternates.map((alternate) => (
          <link key={alternate.hrefLang} rel="alternate" hrefLang={alternate.hrefLang} href={alternate.href} />
        ))}
        {canonical ? <meta property="og:url" content={canonical} /> : null}
        <meta property="og:type" content="website" />
        <meta property="og:locale" content={OG_LOCALE[language]} />
        {language === "hi" ? <DevanagariFontPreload /> : null}
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

/** The Devanagari font (app/app.css) is fetched early on Hindi pages only; English pages never need it. */
function DevanagariFontPreload() {
  return [400, 600].map((weight) => (
    <link key={weight} rel="preload" href={`/fonts/noto-sans-devanagari-${weight}.woff2`} as="font" type="font/woff2" crossOrigin="anonymous" />
  ));
}

export default function App() {
  useHydrationDone();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}

