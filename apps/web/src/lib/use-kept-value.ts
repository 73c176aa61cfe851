/**
 * Input given to a server-drawn field before the app took the page over (ADR 0072, 0131, 0224).
 * Until hydration the field is the browser's own: a shopper can pick a quantity or type a search,
 * and hydration keeps that value in the DOM but not in the component's state, which still holds the
 * server's value (so the next render would put it back and the action would use it). Put the
 * returned ref on the field: when it is taken over (mounted), a DOM value that differs from
 * `value` is handed to `onValue`, as if the shopper had changed it now. Later changes come through
 * the field's own `onChange`.
 *
 * A field inside a lazy part (`lazyComponent`) may instead be drawn again on the client, as a new
 * element, when the part's code arrives after hydration: give it `keep` (a name unique on the page)
 * and put `data-keep={keep}` on the field too; boot.ts records what was chosen in the server's
 * element meanwhile, and the mount takes that value (once).
 */
import { useLayoutEffect, useRef } from "react";

export function useKeptValue<E extends HTMLInputElement | HTMLSelectElement>(
  value: string,
  onValue: (value: string) => void,
  keep?: string,
) {
  const ref = useRef<E>(null);
  // The values of the first render: the check runs once, when the field is taken over.
  const first = useRef({ value, onValue, keep });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // From now on React reports this field's changes: boot.ts no longer records them.
    el.setAttribute("data-taken", "");
    const name = first.current.keep ? `data-kept-${first.current.keep}` : null;
    const recorded = name ? document.documentElement.getAttribute(name) : null;
    if (name) document.documentElement.removeAttribute(name);
    const chosen = recorded ?? el.value;
    if (chosen !== first.current.value) first.current.onValue(chosen);
  }, []);
  return ref;
}
