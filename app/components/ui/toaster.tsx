import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import type { ExternalToast } from "sonner";
import type { loader as rootLoader } from "~/root";
import { useTextOr } from "~/lib/api-text";
import { useLanguage } from "~/lib/i18n";

/**
 * Toasts (sonner: top-center, at most 3 visible, 4 s each) without putting sonner in the first
 * page load: its ~15 KB gzip arrive with the first toast. Mount <Toaster /> once (the shop
 * layout does), then call `toast.success(...)` / `toast.error(...)` / `toast.info(...)` from
 * anywhere in the browser. A toast raised before sonner has loaded is shown once it has (sonner
 * replays active toasts to a Toaster that subscribes late).
 */
const SonnerToaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

let wanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

type Kind = "success" | "error" | "info";

function show(kind: Kind, message: string, options?: ExternalToast) {
  if (typeof window === "undefined") return;
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  void import("sonner").then((module) => module.toast[kind](message, options));
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show("success", message, options),
  error: (message: string, options?: ExternalToast) => show("error", message, options),
  info: (message: string, options?: ExternalToast) => show("info", message, options),
};

const RICH_COLOR_TEXT = {
  "--success-text": "#0e5144",
  "--error-text": "#b91c1c",
  "--info-text": "#1d4ed8",
  "--warning-text": "#92400e",
} as React.CSSProperties;

const HINDI_STYLE = { ...RICH_COLOR_TEXT, fontFamily: "inherit" } as React.CSSProperties;

export function Toaster() {
  const active = useSyncExternalStore(subscribe, () => wanted, () => false);
  // The admin area has no cart catalogue: its toasts keep the English labels.
  const text = useTextOr();
  const language = useLanguage();
  // A toast that travelled through a redirect in the one-time flash cookie (server/http/flash.ts).
  const flash = useRouteLoaderData<typeof rootLoader>("root")?.flash;
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the flash's id, see below.
  useEffect(() => {
    if (flash) show(flash.type, flash.message, { id: `flash-${flash.id}` });
    // Once per flash: a re-render with the same one must not raise it again.
  }, [flash?.id]);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position="top-center"
        visibleToasts={3}
        duration={4000}
        richColors
        closeButton
        containerAriaLabel={text("cart.toast.notifications", "Notifications")}
        toastOptions={{ closeButtonAriaLabel: text("cart.toast.close", "Close toast") }}
        // sonner's rich-colour texts miss WCAG AA contrast (error red is 4.3:1); darker shades, same hues.
        // sonner names its own system font stack; a Hindi page's toasts use the page's Devanagari font.
        style={language === "hi" ? HINDI_STYLE : RICH_COLOR_TEXT}
      />
    </Suspense>
  );
}
