import { type ReactNode, useEffect, useId, useState } from "react";

/**
 * True from the browser's first render until the page has hydrated (decisions/060). A `<Static>`
 * mounted in that window keeps the server's HTML; one mounted later (client-side navigation)
 * renders its children.
 */
let hydrating = typeof document !== "undefined";

/** Call once from the root component: its effect runs when the whole page has hydrated. */
export function useHydrationDone() {
  useEffect(() => {
    hydrating = false;
  }, []);
}

/** The server-rendered HTML of the `<Static>` with this id, read once per element before React takes the page over. */
function serverHtml(id: string): string | null {
  if (!hydrating) return null;
  return document.querySelector(`[data-static="${CSS.escape(id)}"]`)?.innerHTML ?? null;
}

/**
 * A part of the page with nothing to do in the browser — text, images, plain links and forms
 * that work without JavaScript — rendered on the server and never hydrated (decisions/060).
 * During hydration React is handed the server's own HTML for it (`dangerouslySetInnerHTML`,
 * whose children React does not walk), so none of its components run again in the browser;
 * after a client-side navigation it renders its children as usual. What is inside must not
 * need React in the browser: no event handlers, no state, no effects (a `<Link>` is a plain
 * link there). The wrapper is `display: contents`, so it adds no box to the layout. `watch`: a
 * value made from what the children show; when it changes, the server's HTML is replaced by a
 * render of the children.
 */
export function Static({ children, watch }: { children: ReactNode; watch?: string }) {
  const id = useId();
  const [html] = useState(() => (typeof document === "undefined" ? null : serverHtml(id)));
  // What the server's HTML was made from: once that changes (new data for the same element), render afresh.
  const [first] = useState(watch);
  if (html !== null && watch === first) {
    return (
      <div
        data-static={id}
        className="contents"
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the browser's own parse of this element's server-rendered HTML, handed back unchanged.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    );
  }
  return (
    <div data-static={id} className="contents">
      {children}
    </div>
  );
}
