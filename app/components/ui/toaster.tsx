import { lazy, Suspense, useSyncExternalStore } from "react";
import type { ExternalToast } from "sonner";

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

export function Toaster() {
  const active = useSyncExternalStore(subscribe, () => wanted, () => false);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster position="top-center" visibleToasts={3} duration={4000} richColors closeButton />
    </Suspense>
  );
}
