/**
 * The notification bell (ADR 0182) of the storefront header and the back office's top bar: the
 * unread count (a small query, only for a signed-in account: the header loads this chunk only then)
 * and, on a tap, the newest notifications in a popover. The list is a chunk of its own, loaded on
 * the first open; opening it marks what it shows read.
 */
import { Popover } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { unreadQuery } from "../../lib/queries/notifications";
import { IconButton } from "../ui/button";
import { CountBadge } from "../ui/count-badge";

const NotificationList = lazy(() => import("./notification-list"));

/** The count as the badge shows it. */
export function unreadLabel(count: number): string {
  return count > 99 ? "99+" : String(count);
}

export default function NotificationBell({ settingsHref, variant = "light" }: { settingsHref: string; variant?: "light" | "subtle" }) {
  const unread = useQuery(unreadQuery());
  const [opened, setOpened] = useState(false);
  const count = unread.data ?? 0;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" radius="md" withinPortal>
      <CountBadge count={unreadLabel(count)} hidden={count === 0} color="var(--mantine-color-red-6)" textColor="white">
        <Popover.Target>
          <IconButton
            variant={variant}
            size={variant === "subtle" ? "md" : "lg"}
            onClick={() => setOpened((o) => !o)}
            aria-label={count > 0 ? `Notifications (${count} unread)` : "Notifications"}
            aria-expanded={opened}
            data-testid="notification-bell"
          >
            <IconBell size={20} color={variant === "subtle" ? "white" : undefined} />
          </IconButton>
        </Popover.Target>
      </CountBadge>
      <Popover.Dropdown p={0} maw="calc(100vw - 16px)" data-testid="notification-list">
        {opened ? (
          <Suspense fallback={<div style={{ height: 120 }} />}>
            <NotificationList settingsHref={settingsHref} onNavigate={() => setOpened(false)} />
          </Suspense>
        ) : null}
      </Popover.Dropdown>
    </Popover>
  );
}
