import { useId } from "react";

interface FieldFrameProps {
  label: string;
  error?: string;
  className?: string;
  children: (control: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => React.ReactNode;
}

/** A label, the control, and its error, linked so screen readers announce the error (aria-invalid + aria-describedby). */
function FieldFrame({ label, error, className, children }: FieldFrameProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? errorId : undefined })}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A control's error under it, by the id its aria-describedby names; nothing without one. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

const CONTROL_CLASS =
  "mt-1 block w-full rounded-md border border-gray-400 px-3 py-2 text-base aria-[invalid=true]:border-red-600";

interface FieldProps extends React.InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  error?: string;
}

export function Field({ label, error, className, ...input }: FieldProps) {
  return (
    <FieldFrame label={label} error={error} className={className}>
      {(control) => <input {...control} className={CONTROL_CLASS} {...input} />}
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends React.TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  name: string;
  error?: string;
}

export function TextAreaField({ label, error, className, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} className={className}>
      {(control) => <textarea {...control} className={CONTROL_CLASS} {...textarea} />}
    </FieldFrame>
  );
}
