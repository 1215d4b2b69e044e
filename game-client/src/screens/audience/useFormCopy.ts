import { useEffect, useState } from 'react';

/**
 * A deck form's copy of a saved document: it follows the saved one (its first read, a refetch) until the
 * streamer edits it, then keeps their edits until `saved()` says they were saved. Without it a read answered
 * after the first edit put the old value back under the streamer's hands. `toForm` must be stable (a module
 * function).
 */
export function useFormCopy<T, F>(saved: T | undefined, toForm: (saved: T) => F, initial: F) {
  const [form, setForm] = useState<F>(initial);
  const [edited, setEdited] = useState(false);
  useEffect(() => {
    if (saved !== undefined && !edited) setForm(toForm(saved));
  }, [saved, edited, toForm]);
  const change = (next: F) => {
    setEdited(true);
    setForm(next);
  };
  return { form, change, saved: () => setEdited(false) };
}
