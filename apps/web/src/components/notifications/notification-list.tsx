/**
 * The bell's list (ADR 0182): the 20 newest notifications, newest first, each opening its page;
 * those shown unread are marked read on the server as the list opens (they keep their highlight
 * while it stays open). Texts are plain text (React escapes them).
 */
import { Anchor, Box, Group, Loader, ScrollArea, Stack, Text, UnstyledButton } from "@mantine/core";
import type { NotificationItem } from "@market/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { notificationListQuery, useMarkRead } from "../../lib/queries/notifications";

const WHEN = new Intl.DateTimeFormat("en-NG", {
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Africa/Lagos",
});

function Row({ item, onOpen }: { item: NotificationItem; onOpen: (url: string) => void }) {
  return (
    <UnstyledButton
      onClick={() => onOpen(item.url)}
      px="md"
      py={10}
      w="100%"
      data-unread={item.read ? undefined : "true"}
      style={{
        borderBottom: "1px solid var(--mantine-color-gray-2)",
        background: item.read ? undefined : "var(--mantine-color-naija-0, #eef8f2)",
      }}
    >
      <Text fz="sm" fw={item.read ? 400 : 600} style={{ overflowWrap: "anywhere" }}>
        {item.text}
      </Text>
      <Text fz="xs" c="dimmed">
        {WHEN.format(new Date(item.createdAt))}
      </Text>
    </UnstyledButton>
  );
}

export default function NotificationList({ settingsHref, onNavigate }: { settingsHref: string; onNavigate: () => void }) {
  const list = useQuery(notificationListQuery());
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const marked = useRef(false);
  const mark = markRead.mutate;

  // Opening the list marks what it shows read (once per opening).
  useEffect(() => {
    const ids = list.data?.items.filter((n) => !n.read).map((n) => n._id) ?? [];
    if (marked.current || ids.length === 0) return;
    marked.current = true;
    mark({ ids });
  }, [list.data, mark]);

  const open = (url: string) => {
    onNavigate();
    navigate(url);
  };
  return (
    <Box>
      <Group justify="space-between" px="md" py={8} style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}>
        <Text fw={700} fz="sm">
          Notifications
        </Text>
        <Anchor component={Link} to={settingsHref} fz="xs" onClick={onNavigate}>
          Settings
        </Anchor>
      </Group>
      {list.isPending ? (
        <Stack align="center" py="lg">
          <Loader size="sm" aria-label="Loading notifications" />
        </Stack>
      ) : list.isError ? (
        <Text fz="sm" c="red" px="md" py="md">
          Could not load your notifications. Check your connection and open the bell again.
        </Text>
      ) : list.data.items.length === 0 ? (
        <Text fz="sm" c="dimmed" px="md" py="lg" ta="center">
          No notifications yet.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={360}>
          {list.data.items.map((item) => (
            <Row key={item._id} item={item} onOpen={open} />
          ))}
        </ScrollArea.Autosize>
      )}
    </Box>
  );
}
