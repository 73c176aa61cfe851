/**
 * The notifications host, in a chunk of its own (ADR 0051), mounted with the first alert
 * (lib/notify.ts, ADR 0073). `notifications.show(...)` (lib/notify.ts) reaches it through Mantine's
 * store. There is no Mantine modals manager: the storefront's dialogs are Modal components, the
 * back office's confirmations have their own host (features/backoffice/components/confirm.tsx).
 */
import "@mantine/notifications/styles.layer.css";
import { Notifications, useNotifications } from "@mantine/notifications";
import { type CSSProperties, useLayoutEffect, useState } from "react";
import classes from "./overlay-hosts.module.css";

/** Where the page's top bar ends, in px from the window's top (the first <header>: the storefront's sticky one or the back office's). */
function topBarBottom(): number {
  const header = document.querySelector("header");
  return header ? Math.max(0, Math.round(header.getBoundingClientRect().bottom)) : 0;
}

export default function OverlayHosts() {
  // Measured again for each new alert: the top bar differs between the storefront and the back
  // office, and with the window's width.
  const shown = useNotifications().notifications.length;
  const [below, setBelow] = useState(60);
  useLayoutEffect(() => {
    if (shown > 0) setBelow(topBarBottom());
  }, [shown]);
  // At most 3 at once, so alerts never bury a form on a phone. Top right, under the top bar and
  // under a dialog's close button (overlay-hosts.module.css): neither the bar (account, menu), nor
  // the dialog's close button, nor a page's last buttons at the bottom (ADR 0149). 360 px wide on a
  // desktop (Mantine's 440 reached into a large dialog), the whole width less margins on a phone.
  return (
    <Notifications
      position="top-right"
      limit={3}
      containerWidth={360}
      classNames={{ root: classes.root }}
      style={{ "--toasts-below": `${below}px` } as CSSProperties}
    />
  );
}
