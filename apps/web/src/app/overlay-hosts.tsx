/**
 * The notification and modal hosts, in a chunk of their own (ADR 0051): they are not needed to draw
 * the first page, so they load right after it. `notifications.show(...)` (lib/notify.ts) and
 * `modals.openConfirmModal(...)` reach them through Mantine's stores/events; use those functions,
 * not the `useModals()` hook (there is no modals context around the pages).
 */
import "@mantine/notifications/styles.layer.css";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";

export default function OverlayHosts() {
  return (
    <>
      {/* At most 3 at once, so alerts never bury a form on a phone. */}
      <Notifications position="top-right" limit={3} />
      <ModalsProvider />
    </>
  );
}
