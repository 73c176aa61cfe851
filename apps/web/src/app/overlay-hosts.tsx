/**
 * The notifications host, in a chunk of its own (ADR 0051), mounted with the first alert
 * (lib/notify.ts, ADR 0073). `notifications.show(...)` (lib/notify.ts) reaches it through Mantine's
 * store. There is no Mantine modals manager: the storefront's dialogs are Modal components, the
 * back office's confirmations have their own host (features/backoffice/components/confirm.tsx).
 */
import "@mantine/notifications/styles.layer.css";
import { Notifications } from "@mantine/notifications";

export default function OverlayHosts() {
  // At most 3 at once, so alerts never bury a form on a phone. At the bottom: at the top they
  // covered the top bar (its account and menu) and a dialog's close button, both drawn at the top.
  return <Notifications position="bottom-right" limit={3} />;
}
