import { Outlet, useNavigation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/shop-layout";
import { ErrorPage } from "~/components/error-page";
import { Footer } from "~/components/layout/footer";
import { Header } from "~/components/layout/header";
import { Toaster } from "~/components/ui/toaster";
import { CartProvider } from "~/lib/cart";
import type { loader as rootLoader } from "~/root";
import { loadCartHint } from "./shop-layout.server";

/** Whether the shopper has a cart and its units, so the header count is right on first paint. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { cartHint: await loadCartHint(request, context) };
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
  return (
    <CartProvider hint={layout?.cartHint ?? null} userKey={data?.user ? `${data.user.role}:${data.user.name}` : null}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-brand-800"
      >
        Skip to content
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
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      aria-hidden={!busy}
      aria-valuetext={busy ? "Loading" : undefined}
      className={`fixed inset-x-0 top-0 z-50 h-1 origin-left bg-accent-500 transition-transform duration-500 ease-out ${
        busy ? "scale-x-75" : "scale-x-0"
      }`}
    />
  );
}
