/**
 * Mantine's Drawer and Modal, loaded on first open (ADR 0051). Their code (Drawer/Modal, ScrollArea,
 * focus trap, scroll lock, transitions) is not needed to draw a page, so a header
 * menu or a quick-view popup should not make every shopper download it up front. Same props as
 * Mantine's components; nothing renders until `opened` is true the first time.
 */
import type { DrawerProps, ModalProps } from "@mantine/core";
import { lazy, Suspense, useState } from "react";

const MantineDrawer = lazy(() => import("./lazy-overlay.impl").then((m) => ({ default: m.Drawer })));
const MantineModal = lazy(() => import("./lazy-overlay.impl").then((m) => ({ default: m.Modal })));

/** Stays mounted once opened, so the closing transition plays. */
function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}

export function LazyDrawer(props: DrawerProps) {
  if (!useOpenedOnce(props.opened)) return null;
  return (
    <Suspense fallback={null}>
      <MantineDrawer {...props} />
    </Suspense>
  );
}

export function LazyModal(props: ModalProps) {
  if (!useOpenedOnce(props.opened)) return null;
  return (
    <Suspense fallback={null}>
      <MantineModal {...props} />
    </Suspense>
  );
}
