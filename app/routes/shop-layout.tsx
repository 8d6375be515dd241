import { Outlet, useNavigation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/shop-layout";
import { ErrorPage } from "~/components/error-page";
import { Footer } from "~/components/layout/footer";
import { Header } from "~/components/layout/header";
import { Toaster } from "~/components/ui/toaster";
import { CartProvider } from "~/lib/cart";
import type { loader as rootLoader } from "~/root";
import { useT } from "~/lib/i18n";
import { apiSources } from "~/lib/api-sentences.server";
import { pageMessages, requestLanguage } from "~/lib/i18n.server";
import { CART_SOURCES, loadCartHint, rememberLanguage } from "./shop-layout.server";

/**
 * Whether the shopper has a cart and its units, so the header count is right on first paint; and
 * the frame's texts in the page's language (this loader runs again when the language changes), and
 * on /hi pages the sources of the cart's, coupon's and delivery check's API sentences (api-sentences.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // A signed-in shopper's language is the one of the pages they use: their emails and messages follow
  // it (decisions/064). The session read brought the account's language: written only when it differs.
  const language = requestLanguage(request);
  if (context.user && context.user.language !== language) await rememberLanguage(context.shop.db, context.user.id, language);
  return {
    cartHint: await loadCartHint(request, context),
    messages: pageMessages(request, "frame", "errors", "cart", "search"),
    apiSources: apiSources(request, ...CART_SOURCES),
  };
}

export default function ShopLayout() {
  return (
    <ShopFrame>
      <Outlet />
    </ShopFrame>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return (
    <ShopFrame>
      <ErrorPage error={error} />
    </ShopFrame>
  );
}

function ShopFrame({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  const layout = useRouteLoaderData<typeof loader>("routes/shop-layout");
  const t = useT();
  return (
    <CartProvider hint={layout?.cartHint ?? null} userKey={data?.user ? `${data.user.role}:${data.user.name}` : null}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-brand-800"
      >
        {t("frame.skipToContent")}
      </a>
      <NavigationProgress />
      <Header user={data?.user ?? null} />
      <div className="min-h-[60vh]">{children}</div>
      {data ? <Footer seller={data.seller} /> : null}
      <Toaster />
    </CartProvider>
  );
}

/** A slim bar at the top of the window while a navigation is pending. */
function NavigationProgress() {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div
      role="progressbar"
      aria-label={t("frame.loadingPage")}
      aria-hidden={!busy}
      aria-valuetext={busy ? t("frame.loading") : undefined}
      className={`fixed inset-x-0 top-0 z-50 h-1 origin-left bg-accent-500 transition-transform duration-500 ease-out ${
        busy ? "scale-x-75" : "scale-x-0"
      }`}
    />
  );
}
