import { useCallback, useEffect, useRef, type RefObject } from "react";
import { useBlocker, useNavigation } from "react-router";
import { ConfirmAction } from "./confirm-action";

/** What a form holds now, as one string (files by name): compared with what it held when last saved. */
function formState(form: HTMLFormElement | null): string {
  if (!form) return "";
  return JSON.stringify([...new FormData(form)].map(([name, value]) => [name, typeof value === "string" ? value : value.name]));
}

/**
 * Warns before leaving a form with changes not saved (issue 27 item 8): a link or Back inside the
 * shop asks in a dialog, closing or reloading the tab gets the browser's own question. Saving is not
 * leaving; after a save without errors what the form holds becomes the saved state.
 */
export function UnsavedChangesGuard({ formRef, saved }: { formRef: RefObject<HTMLFormElement | null>; saved: boolean }) {
  const navigation = useNavigation();
  const baseline = useRef<string | null>(null);
  const submitting = navigation.state !== "idle" && navigation.formMethod !== undefined && navigation.formMethod.toUpperCase() === "POST";
  const wasSubmitting = useRef(false);
  const leaving = useRef(false);

  useEffect(() => {
    baseline.current = formState(formRef.current);
  }, [formRef]);
  // After the form's own save: what it holds now is saved (errors leave the changes unsaved).
  useEffect(() => {
    if (submitting) wasSubmitting.current = true;
    else if (wasSubmitting.current) {
      wasSubmitting.current = false;
      if (saved) baseline.current = formState(formRef.current);
    }
  }, [submitting, saved, formRef]);

  const dirty = useCallback(() => baseline.current !== null && formState(formRef.current) !== baseline.current, [formRef]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => !submitting && currentLocation.pathname !== nextLocation.pathname && dirty(),
  );
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!dirty()) return;
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  return (
    <ConfirmAction
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        // Cancel, Escape: stay. (Confirming closes the dialog too, after it let the navigation go on.)
        if (!open && !leaving.current && blocker.state === "blocked") blocker.reset();
        leaving.current = false;
      }}
      title="Leave without saving?"
      description="Your changes to this form are not saved. Leaving the page loses them."
      confirmLabel="Leave without saving"
      tone="danger"
      onConfirm={() => {
        leaving.current = true;
        blocker.proceed?.();
      }}
    />
  );
}
