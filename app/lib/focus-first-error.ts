import { useEffect, type RefObject } from "react";

/**
 * After a failed save (the browser's check or the server's answer), the form's first field in error
 * is scrolled to the middle of the screen, clear of a phone's sticky top bar, and focused, so its
 * message is seen and read out rather than left below a toast (issue 27 item 8). A form whose error
 * belongs to no field scrolls to its alert instead. `errors` is a new object per failed attempt.
 */
export function useFocusFirstError(formRef: RefObject<HTMLFormElement | null>, errors: Readonly<Record<string, string>> | null | undefined) {
  useEffect(() => {
    if (!errors || Object.keys(errors).length === 0) return;
    const form = formRef.current;
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = field ?? form?.querySelector<HTMLElement>('[role="alert"]');
    if (!target) return;
    target.scrollIntoView({ block: "center" });
    field?.focus({ preventScroll: true });
  }, [errors, formRef]);
}
