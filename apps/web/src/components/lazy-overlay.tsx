/**
 * Mantine's Drawer and Modal, loaded on first open (ADR 0051). Their code (Drawer/Modal, ScrollArea,
 * focus trap, scroll lock, transitions) is not needed to draw a page, so a header
 * menu or a quick-view popup should not make every shopper download it up front. Same props as
 * Mantine's components; nothing renders until `opened` is true the first time.
 */
import type { DrawerProps, ModalProps } from "@mantine/core";
import { useFocusReturn } from "@mantine/hooks";
import { lazy, Suspense, useState } from "react";

const MantineDrawer = lazy(() => import("./lazy-overlay.impl").then((m) => ({ default: m.Drawer })));
const MantineModal = lazy(() => import("./lazy-overlay.impl").then((m) => ({ default: m.Modal })));

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
function useReturnFocus(props: { opened: boolean; returnFocus?: boolean }) {
  useFocusReturn({ opened: props.opened, shouldReturnFocus: props.returnFocus ?? true });
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
