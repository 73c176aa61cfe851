/**
 * The admin's Sellers / Users table (spec §2 "View Users (customers) and View Sellers", §4 "Seller
 * status", "Account active/inactive"): rows from GET /api/admin/users?account_type=, with
 * - Status: "Approve" for a pending seller (sends status_approved); other statuses as plain text;
 * - Block / Unblock (active flag) and blue tick Verify / Remove.
 * Every action answers "Updated Succefully" and the list reloads.
 */
import { Avatar, Badge, Button, Flex, Group, Paper, Stack, Table, Text, TextInput, Tooltip } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { AdminAction, AdminUserRow } from "@market/contract";
import { TEXT } from "@market/contract";
import { IconMailCheck, IconPhoneCheck, IconRosetteDiscountCheckFilled, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSession } from "../../../lib/session";
import { type AccountKind, useAdminAction, useAdminUsers } from "../api/admin-users";
import { useIsPhone } from "../lib/use-is-phone";
import { LoadMore } from "./load-more";
import { Empty, LoadError, Loading } from "./query-state";
import { RowCard } from "./row-card";

const dateFmt = new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "short", year: "numeric" });

export function AccountsTable({ accountType }: { accountType: AccountKind }) {
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search.trim(), 300);
  const list = useAdminUsers(accountType, q);
  const action = useAdminAction();
  const { details } = useSession();
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const total = list.data?.pages[0]?.total;
  const sellers = accountType === "business";

  const run = (u: AdminUserRow, req_type: AdminAction) =>
    action.mutate(
      { account_id: u._id, req_type },
      { onSuccess: (res) => notifySuccess(res.message || TEXT.success.updated), onError: (e) => notifyError(e) },
    );
  const busy = (u: AdminUserRow, t: AdminAction) =>
    action.isPending && action.variables?.account_id === u._id && action.variables.req_type === t;

  const phone = useIsPhone();
  const statusCell = (u: AdminUserRow) => (
    <>
      {u.status === "pending" ? (
        <Button size="xs" color="orange" loading={busy(u, "status_approved")} onClick={() => run(u, "status_approved")}>
          Approve
        </Button>
      ) : (
        <Text fz="sm" data-testid="seller-status">
          {u.status}
        </Text>
      )}
    </>
  );
  // The state badge above its action: side by side, the row overflowed a 1280 px screen and
  // Mantine's preventGrowOverflow clipped the "Block" button to "Bloc".
  const accountCell = (u: AdminUserRow) => (
    <Flex gap={6} direction={phone ? "row" : "column"} align={phone ? "center" : "flex-start"}>
      <Badge style={{ minWidth: "fit-content" }} color={u.active ? "green" : "red"} variant="light">
        {u.active ? "Active" : "Blocked"}
      </Badge>
      {u.active ? (
        <Button
          size="xs"
          variant="light"
          color="red"
          disabled={u._id === details?._id}
          loading={busy(u, "block")}
          onClick={() => run(u, "block")}
        >
          Block
        </Button>
      ) : (
        <Button size="xs" variant="light" color="green" loading={busy(u, "unblock")} onClick={() => run(u, "unblock")}>
          Unblock
        </Button>
      )}
    </Flex>
  );
  const tickCell = (u: AdminUserRow) => (
    <>
      {u.verified.blue_tick ? (
        <Button size="xs" variant="subtle" color="gray" loading={busy(u, "blue_tick_remove")} onClick={() => run(u, "blue_tick_remove")}>
          Remove tick
        </Button>
      ) : (
        <Button size="xs" variant="light" color="blue" loading={busy(u, "blue_tick_verify")} onClick={() => run(u, "blue_tick_verify")}>
          Verify
        </Button>
      )}
    </>
  );

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="md">
        <TextInput
          placeholder={`Search ${sellers ? "sellers" : "users"} by name, e-mail or phone`}
          aria-label="Search accounts"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: "100%", sm: 360 }}
        />
        {total !== undefined ? (
          <Text fz="sm" c="dimmed">
            {total} {sellers ? "seller" : "user"}
            {total === 1 ? "" : "s"}
          </Text>
        ) : null}
      </Group>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => list.refetch()} />
      ) : rows.length === 0 ? (
        <Empty>No accounts found.</Empty>
      ) : phone ? (
        <Stack gap="xs">
          {rows.map((u) => (
            <RowCard
              key={u._id}
              testId="account-row"
              title={
                <>
                  {u.names}{" "}
                  {u.verified.blue_tick ? (
                    <IconRosetteDiscountCheckFilled size={14} color="var(--mantine-color-blue-6)" aria-label="Verified" />
                  ) : null}
                </>
              }
              meta={`@${u.username} · ${u.email} · ${u.phone}`}
              actions={
                <>
                  {sellers ? statusCell(u) : null}
                  {tickCell(u)}
                </>
              }
            >
              <Text fz="xs" c="dimmed">
                Joined {dateFmt.format(new Date(u.createdAt))}
                {sellers ? ` · ${u.followers} followers` : ""}
              </Text>
              {accountCell(u)}
            </RowCard>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={980}>
          <Table verticalSpacing="sm" highlightOnHover data-testid="accounts-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Contact</Table.Th>
                {sellers ? <Table.Th>Followers</Table.Th> : null}
                <Table.Th>Joined</Table.Th>
                {sellers ? <Table.Th>Status</Table.Th> : null}
                <Table.Th>Account</Table.Th>
                <Table.Th>Blue tick</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((u) => (
                <Table.Tr key={u._id} data-testid="account-row" data-email={u.email}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Avatar src={u.profile} alt={u.names} radius="xl" size={36} color="naija">
                        {u.names.slice(0, 2).toUpperCase()}
                      </Avatar>
                      <div style={{ minWidth: 0 }}>
                        <Group gap={4} wrap="nowrap">
                          <Text fz="sm" fw={600} maw={200} style={{ overflowWrap: "anywhere" }}>
                            {u.names}
                          </Text>
                          {u.verified.blue_tick ? (
                            <IconRosetteDiscountCheckFilled size={16} color="var(--mantine-color-blue-6)" aria-label="Verified" />
                          ) : null}
                        </Group>
                        <Text fz="xs" c="dimmed" maw={200} style={{ overflowWrap: "anywhere" }}>
                          @{u.username}
                        </Text>
                      </div>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {/* Long addresses wrap (at any character) instead of pushing the table wider than the page. */}
                      <Text fz="sm" maw={240} style={{ overflowWrap: "anywhere" }}>
                        {u.email}
                      </Text>
                      {u.verified.email ? (
                        <Tooltip label="E-mail verified">
                          <IconMailCheck size={14} color="var(--mantine-color-green-7)" />
                        </Tooltip>
                      ) : null}
                    </Group>
                    <Group gap={4} wrap="nowrap">
                      <Text fz="xs" c="dimmed">
                        {u.phone}
                      </Text>
                      {u.verified.phone ? (
                        <Tooltip label="Phone verified">
                          <IconPhoneCheck size={14} color="var(--mantine-color-green-7)" />
                        </Tooltip>
                      ) : null}
                    </Group>
                  </Table.Td>
                  {sellers ? <Table.Td>{u.followers}</Table.Td> : null}
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{dateFmt.format(new Date(u.createdAt))}</Table.Td>
                  {sellers ? <Table.Td>{statusCell(u)}</Table.Td> : null}
                  <Table.Td>{accountCell(u)}</Table.Td>
                  <Table.Td>{tickCell(u)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <LoadMore list={list} />
    </Paper>
  );
}
