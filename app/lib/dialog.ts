/**
 * For a modal <dialog>'s onKeyDown: Tab from the last control wraps to the first (and back),
 * since a native modal dialog would otherwise let focus leave the page for the browser's UI.
 */
export function keepFocusInside(event: React.KeyboardEvent<HTMLElement>) {
  if (event.key !== "Tab") return;
  const focusable = event.currentTarget.querySelectorAll<HTMLElement>("a[href], button:not([disabled])");
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
