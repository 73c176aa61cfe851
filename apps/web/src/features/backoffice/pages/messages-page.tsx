/**
 * Messages (admin; ADR 0183): the messages sent from the Contact page, newest first. Each shows its
 * sender (name, e-mail, phone if given), date and whether it is read; opening one marks it read.
 * Under it, the replies sent (who, when, text) and a reply form: the reply goes to the sender by
 * e-mail (through the outbox). Every text is drawn as text.
 */
import { Accordion, Anchor, Badge, Button, Group, Paper, Stack, Text, Textarea } from "@mantine/core";
import { AdminReplyBody, type ContactMessageRow, INBOX, TEXT } from "@market/contract";
import { IconMail, IconPhone } from "@tabler/icons-react";
import { useState } from "react";
import { useSchemaForm } from "../../../lib/form";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useMarkRead, useMessages, useReply, useUnreadMessages } from "../api/messages";
import { PageHeader } from "../components/page-header";
import { Empty, LoadError, Loading } from "../components/query-state";
import { RoleGate } from "../components/role-gate";

const dateTime = new Intl.DateTimeFormat("en-NG", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Africa/Lagos",
});
const when = (iso: string) => dateTime.format(new Date(iso));

/** The line that names a message in the list: its subject, else the start of its text. */
const titleOf = (m: ContactMessageRow) => m.subject || m.message.split("\n")[0] || "(no subject)";

function ReplyForm({ message }: { message: ContactMessageRow }) {
  const reply = useReply(message._id);
  const form = useSchemaForm<{ body: string }>(AdminReplyBody, { initialValues: { body: "" } });
  const onSubmit = form.submitWith(reply.mutateAsync, {
    onSuccess: (res) => {
      notifySuccess(res.message || INBOX.replySent);
      form.setValues({ body: "" });
    },
  });
  return (
    <form onSubmit={onSubmit} aria-label={`Reply to ${message.name}`}>
      <Stack gap="xs">
        <Textarea
          label={`Reply to ${message.email}`}
          description="Sent by e-mail as plain text, with their message quoted below it."
          autosize
          minRows={3}
          maxRows={12}
          maxLength={INBOX.replyMax}
          data-testid="reply-text"
          {...form.getInputProps("body")}
        />
        <Group>
          <Button type="submit" leftSection={<IconMail size={16} />} disabled={reply.isPending} data-testid="reply-send">
            {reply.isPending ? TEXT.buttons.processing : "Send reply"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function MessageBody({ m }: { m: ContactMessageRow }) {
  return (
    <Stack gap="sm">
      <Group gap="md" wrap="wrap">
        <Anchor href={`mailto:${m.email}`} fz="sm" style={{ overflowWrap: "anywhere" }}>
          <Group gap={4} wrap="nowrap" component="span">
            <IconMail size={14} /> {m.email}
          </Group>
        </Anchor>
        {m.phone ? (
          <Anchor href={`tel:${m.phone}`} fz="sm">
            <Group gap={4} wrap="nowrap" component="span">
              <IconPhone size={14} /> {m.phone}
            </Group>
          </Anchor>
        ) : null}
        <Text fz="xs" c="dimmed">
          Sent {when(m.createdAt)}
        </Text>
      </Group>
      {m.subject ? (
        <Text fw={600} style={{ overflowWrap: "anywhere" }}>
          {m.subject}
        </Text>
      ) : null}
      <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="message-text">
        {m.message || "(no message: only the sender's details)"}
      </Text>
      {m.replies.map((r) => (
        <Paper key={r._id} withBorder radius="sm" p="sm" bg="var(--mantine-color-gray-0)" data-testid="message-reply">
          <Text fz="xs" c="dimmed" mb={4}>
            Reply by {r.by?.names ?? "a former admin"} · {when(r.createdAt)}
          </Text>
          <Text fz="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {r.body}
          </Text>
        </Paper>
      ))}
      <ReplyForm message={m} />
    </Stack>
  );
}

export default function MessagesPage() {
  const list = useMessages();
  const markRead = useMarkRead();
  const [open, setOpen] = useState<string | null>(null);
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  // The menu's count (reloaded after each opening and reply), not the first page's, which stays as loaded.
  const unread = useUnreadMessages(true).data;

  const onOpen = (id: string | null) => {
    setOpen(id);
    const m = id ? rows.find((r) => r._id === id) : undefined;
    if (m && !m.read) markRead.mutate(m._id, { onError: (e) => notifyError(e) });
  };

  return (
    <RoleGate roles={["admin"]}>
      <PageHeader
        title="Messages"
        subtitle={
          unread === undefined
            ? "Messages sent from the Contact page."
            : `Messages sent from the Contact page: ${unread} unread. Open one to read it and reply by e-mail.`
        }
      />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => list.refetch()} />
      ) : rows.length === 0 ? (
        <Empty>No messages yet.</Empty>
      ) : (
        <Stack gap="md" maw={900}>
          <Accordion variant="separated" radius="md" value={open} onChange={onOpen} chevronPosition="right">
            {rows.map((m) => (
              <Accordion.Item key={m._id} value={m._id} data-testid="message" data-read={m.read} data-email={m.email}>
                {/* Named by what it shows ("New", the sender, the subject, the date): a label of its own would hide the badges from a screen reader. */}
                <Accordion.Control>
                  <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                    <div style={{ minWidth: 0 }}>
                      <Group gap={6} wrap="nowrap">
                        {m.read ? null : (
                          <Badge size="xs" color="orange" variant="filled" style={{ flexShrink: 0 }}>
                            New
                          </Badge>
                        )}
                        <Text fw={m.read ? 500 : 700} fz="sm" truncate>
                          {m.name}
                        </Text>
                        {m.replies.length ? (
                          <Badge size="xs" color="green" variant="light" style={{ flexShrink: 0 }}>
                            Replied
                          </Badge>
                        ) : null}
                      </Group>
                      <Text fz="sm" c="dimmed" lineClamp={1} style={{ overflowWrap: "anywhere" }}>
                        {titleOf(m)}
                      </Text>
                    </div>
                    <Text fz="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                      {when(m.createdAt)}
                    </Text>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>{open === m._id ? <MessageBody m={m} /> : null}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
          {list.hasNextPage ? (
            <Group justify="center">
              <Button variant="default" loading={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
                Load more
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
    </RoleGate>
  );
}
