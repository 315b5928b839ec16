// The forms' shared focus rule (car, log, reminder, profile, account forms).
import { useEffect, useRef, useState } from 'react';

/** After a refused submit, the first field in error gets the focus (and is read out). */
export function useFocusFirstError() {
  const form = useRef<HTMLFormElement>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (tick) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [tick]);
  return { form, focusFirstError: () => setTick((n) => n + 1) };
}
