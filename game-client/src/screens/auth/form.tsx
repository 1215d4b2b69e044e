import { useState, type InputHTMLAttributes } from 'react';

/** What the form needs of a shared zod schema: safeParse and the issues' field paths and messages. */
export interface FormSchema {
  safeParse(
    value: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> } };
}

/**
 * A form validated with a shared schema on every change (SPEC.md section 5). A field shows its message once
 * it has been typed in, and every field does after a submit attempt. `extra` joins the values when parsing,
 * for parts of the request that are not fields (the reset token).
 */
export function useSchemaForm<F extends string>(
  schema: FormSchema,
  initial: Record<F, string>,
  extra: object = {},
) {
  const [values, setValues] = useState(initial);
  const [typed, setTyped] = useState<ReadonlySet<F>>(() => new Set());
  const result = schema.safeParse({ ...extra, ...values });
  const errors: Partial<Record<F, string>> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as F | undefined;
      if (field !== undefined && field in initial && errors[field] === undefined)
        errors[field] = issue.message;
    }
  }
  const fields = Object.keys(initial) as F[];
  return {
    values,
    isValid: result.success,
    /** The message shown under a field: only once the player has typed in it (or tried to submit). */
    errorOf: (field: F) => (typed.has(field) ? errors[field] : undefined),
    change(field: F, value: string) {
      setValues((v) => ({ ...v, [field]: value }));
      setTyped((t) => new Set(t).add(field));
    },
    /** Shows every message (a submit attempt) and returns the first field with one, to focus it. */
    revealAll(): F | undefined {
      setTyped(new Set(fields));
      return fields.find((f) => errors[f] !== undefined);
    },
    clear() {
      setValues(initial);
      setTyped(new Set());
    },
  };
}

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onValue(value: string): void;
}

/** A labelled input with its message underneath, tied to it as the input's description. */
export function FormField({ id, label, value, error, onValue, ...input }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
