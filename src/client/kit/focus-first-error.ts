import { type RefObject, useCallback, useEffect, useState } from 'react';

/**
 * A dialog's fields after a failed check or a 422: once the errors show (the render after the call), the
 * first marked field in `container` takes the focus, so its message is read with it. Call the answer
 * beside setting the errors.
 */
export function useFocusFirstError(container: RefObject<HTMLElement | null>): () => void {
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (failures > 0) container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failures, container]);
  return useCallback(() => setFailures((n) => n + 1), []);
}
