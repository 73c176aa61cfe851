/**
 * Mantine's Drawer and Modal, loaded on first open (ADR 0051). Their code (Drawer/Modal, ScrollArea,
 * focus trap, scroll lock, transitions) is not needed to draw a page, so a header
 * menu or a quick-view popup should not make every shopper download it up front. Same props as
 * Mantine's components; nothing renders until `opened` is true the first time.
 */
import type { DrawerProps, ModalProps } from "@mantine/core";
import { lazy, Suspense, useEffect, useRef, useState } from "react";

const loadImpl = () => import("./lazy-overlay.impl");
const MantineDrawer = lazy(() => loadImpl().then((m) => ({ default: m.Drawer })));
const MantineModal = lazy(() => loadImpl().then((m) => ({ default: m.Modal })));

/** Start loading Mantine's Modal and Drawer before the first opening (a pointer near its opener). */
export function preloadOverlay(): void {
  loadImpl().catch(() => undefined);
}

/** Stays mounted once opened, so the closing transition plays. */
function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}

/**
 * Focus goes back to the opener on close. Mantine's overlay remembers its opener only when `opened`
 * changes after it has mounted, and ours first mounts already open: this wrapper, mounted with the
 * page, remembers it instead (and the overlay's own return is turned off).
 */
function useReturnFocus({ opened, returnFocus = true }: { opened: boolean; returnFocus?: boolean }) {
  // Mantine's useFocusReturn, written out: importing it put two hook modules of their own on
  // every page's first load, for a header menu most visits never open.
  const opener = useRef<Element | null>(null);
  const wasOpened = useRef(opened);
  useEffect(() => {
    if (opened === wasOpened.current) return;
    wasOpened.current = opened;
    if (opened) {
      opener.current = document.activeElement;
      return;
    }
    if (!returnFocus) return;
    // As Mantine: once the closing overlay has let focus go (to the page, or nowhere), unless the
    // user tabbed on meanwhile.
    const atClose = document.activeElement;
    const timer = window.setTimeout(() => {
      const now = document.activeElement;
      if (now === null || now === document.body || now === atClose)
        (opener.current as HTMLElement | null)?.focus?.({ preventScroll: true });
    }, 10);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Tab") window.clearTimeout(timer);
    };
    document.addEventListener("keydown", onKey);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener("keydown", onKey);
    };
  }, [opened, returnFocus]);
}

export function LazyDrawer(props: DrawerProps) {
  useReturnFocus(props);
  if (!useOpenedOnce(props.opened)) return null;
  return (
    <Suspense fallback={null}>
      <MantineDrawer {...props} returnFocus={false} />
    </Suspense>
  );
}

export function LazyModal(props: ModalProps) {
  useReturnFocus(props);
  if (!useOpenedOnce(props.opened)) return null;
  return (
    <Suspense fallback={null}>
      <MantineModal {...props} returnFocus={false} />
    </Suspense>
  );
}
