/**
 * Input given to a server-drawn field before the app took the page over (ADR 0072, 0131). Until
 * hydration the field is the browser's own: a shopper can pick a quantity or type a search, and
 * hydration keeps that value in the DOM but not in the component's state, which still holds the
 * server's value (so the next render would put it back and the action would use it). Put the
 * returned ref on the field: when it is taken over (mounted), a DOM value that differs from
 * `value` is handed to `onValue`, as if the shopper had changed it now. Later changes come through
 * the field's own `onChange`.
 */
import { useLayoutEffect, useRef } from "react";

export function useKeptValue<E extends HTMLInputElement | HTMLSelectElement>(value: string, onValue: (value: string) => void) {
  const ref = useRef<E>(null);
  // The values of the first render: the check runs once, when the field is taken over.
  const first = useRef({ value, onValue });
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && el.value !== first.current.value) first.current.onValue(el.value);
  }, []);
  return ref;
}
