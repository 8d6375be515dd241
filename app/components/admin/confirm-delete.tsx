import { Archive, KeyRound, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useFetcher } from "react-router";
import { keepFocusInside } from "~/lib/dialog";
import { toast } from "~/components/ui/toaster";

/** "Failed to delete order", with the server's reason when it gave one. */
export function failureText(base: string, reason?: string) {
  return reason && reason !== base ? `${base}: ${reason}` : base;
}

export interface ActionResult {
  ok: boolean;
  message: string;
  errors?: Record<string, string>;
}

/**
 * A fetcher whose answer is shown as a toast: the success message, or `failure` with the server's
 * reason (failureText). Field errors stay with the form that reads `fetcher.data`.
 */
export function useToastedFetcher(failure: string) {
  const fetcher = useFetcher<ActionResult>();
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) toast.success(fetcher.data.message);
    else toast.error(failureText(failure, fetcher.data.message));
  }, [fetcher.state, fetcher.data, failure]);
  return fetcher;
}

interface ConfirmDeleteProps {
  /** What is deleted, for the button's accessible name and the question ("Delete user Asha"). */
  what: string;
  question: string;
  /** Hidden fields posted to the route's action when confirmed. */
  fields: Record<string, string>;
  action?: string;
  /** The message shown when the action fails without one of its own. */
  failure?: string;
  onDeleted?: () => void;
  /**
   * The action's name on the button and in the question: "Archive" where nothing is erased, "Reset"
   * for a setting taken back (a lost authenticator). Default "Delete".
   */
  verb?: keyof typeof VERBS;
  /** The `intent` the confirming button posts (default "delete"). */
  intent?: string;
}

/** Each verb's icon and what its button says while the answer is awaited. */
const VERBS = {
  Delete: { Icon: Trash2, busy: "Deleting..." },
  Archive: { Icon: Archive, busy: "Archiving..." },
  Reset: { Icon: KeyRound, busy: "Resetting..." },
} as const;

/**
 * A delete button that asks first in a native modal <dialog>; confirming posts the fields to
 * the route's action and shows its answer (the server's refusal, e.g. deleting yourself) as a toast.
 */
export function ConfirmDelete({
  what,
  question,
  fields,
  action,
  failure = "Something went wrong",
  onDeleted,
  verb = "Delete",
  intent = "delete",
}: ConfirmDeleteProps) {
  const { Icon, busy: busyText } = VERBS[verb];
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const fetcher = useFetcher<ActionResult>();
  const titleId = useId();
  const busy = fetcher.state !== "idle";
  // The dialog lives at the end of <body>, not inside the table row (a scrolling table would carry it along on phones).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  // As soon as the answer arrives (the revalidation after it may remove this row, and this component with it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer; the callbacks may change identity on every render.
  useEffect(() => {
    if (!fetcher.data) return;
    dialogRef.current?.close();
    if (fetcher.data.ok) {
      toast.success(fetcher.data.message);
      onDeleted?.();
    } else {
      toast.error(failureText(failure, fetcher.data.message));
    }
  }, [fetcher.data]);

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-label={`${verb} ${what}`}
        className="inline-flex items-center gap-1 rounded-md border border-red-300 px-2.5 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50"
        onClick={() => dialogRef.current?.showModal()}
      >
        <Icon className="h-4 w-4" aria-hidden />
        <span className="hidden sm:inline">{verb}</span>
      </button>
      {mounted
        ? createPortal(
            <dialog
              ref={dialogRef}
              aria-labelledby={titleId}
              onKeyDown={keepFocusInside}
              onClose={() => triggerRef.current?.focus()}
              className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-lg bg-white p-6 shadow-xl backdrop:bg-black/50"
            >
              <h2 id={titleId} className="text-lg font-semibold text-gray-900">
                {verb} {what}?
              </h2>
              <p className="mt-2 text-gray-700">{question}</p>
              <fetcher.Form
                method="post"
                action={action}
                className="mt-6 flex justify-end gap-3"
              >
                {Object.entries(fields).map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
                <button
                  type="button"
                  autoFocus
                  className="rounded-md border border-gray-400 px-4 py-2 font-medium text-gray-800 hover:bg-gray-100"
                  onClick={() => dialogRef.current?.close()}
                >
                  Cancel
                </button>
                <button
                  type="submit"
                  name="intent"
                  value={intent}
                  disabled={busy}
                  className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-70"
                >
                  {busy ? busyText : verb}
                </button>
              </fetcher.Form>
            </dialog>,
            document.body,
          )
        : null}
    </>
  );
}
