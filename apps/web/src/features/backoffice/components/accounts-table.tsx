/**
 * The admin's Sellers / Users table (spec §2 "View Users (customers) and View Sellers", §4 "Seller
 * status", "Account active/inactive"): rows from GET /api/admin/users?account_type=, with
 * - Status: "Approve" for a pending seller (sends status_approved); other statuses as plain text;
 * - Block / Unblock (active flag) and "Give blue tick" / "Remove blue tick" in the Blue tick column;
 * - for sellers, the payout bank account with its state and "Verify bank account" in its own column
 *   (ADR 0082: without a lookup provider the seller typed the name, so the admin checks it before
 *   any payout);
 * - for sellers, "Details": the business details to check before approving, and the categories (ADR 0184).
 * Every action asks first (the back office's confirm dialog); its success alert is titled by what
 * was done (the two "verify" actions must not be mistaken for each other) over the server's message
 * (the spec's "Updated Succefully"), and the list reloads.
 */
import { Avatar, Badge, Button, Flex, Group, Paper, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { AdminAction, AdminUserRow } from "@market/contract";
import { TEXT } from "@market/contract";
import { IconMailCheck, IconPhoneCheck, IconRosetteDiscountCheckFilled, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSession } from "../../../lib/session";
import { type AccountKind, useAdminAction, useAdminUsers, useVerifyBankAccount } from "../api/admin-users";
import { askConfirm } from "./confirm";
import { type ListColumn, ListTable } from "./list-table";
import { SellerDetailsModal } from "./seller-details-modal";

const dateFmt = new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "short", year: "numeric" });

/** The confirmation of each admin action: its button word, what it does, the button's colour. */
const ACTION_CONFIRM: Record<AdminAction, { verb: string; effect: string; color: string; done: string }> = {
  status_approved: {
    verb: "Approve",
    effect: "The seller's products and services go on sale in the store.",
    color: "orange",
    done: "Seller approved",
  },
  block: {
    verb: "Block",
    effect: "The account is signed out everywhere and can no longer sign in; its listings leave the store.",
    color: "red",
    done: "Account blocked",
  },
  unblock: {
    verb: "Unblock",
    effect: "The account can sign in again and its listings return to the store.",
    color: "green",
    done: "Account unblocked",
  },
  blue_tick_verify: {
    verb: "Give blue tick",
    effect: "The account gets the verified blue tick beside its name, for every shopper to see.",
    color: "blue",
    done: "Blue tick given",
  },
  blue_tick_remove: {
    verb: "Remove blue tick",
    effect: "The verified blue tick is taken off the account.",
    color: "gray",
    done: "Blue tick removed",
  },
};

/** The bank account check (ADR 0082): a different thing from the blue tick, and worded so. */
const VERIFY_BANK = { verb: "Verify bank account", done: "Bank account verified" };

export function AccountsTable({ accountType }: { accountType: AccountKind }) {
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search.trim(), 300);
  const list = useAdminUsers(accountType, q);
  const action = useAdminAction();
  const { details } = useSession();
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const total = list.data?.pages[0]?.total;
  const sellers = accountType === "business";
  const [detailsOf, setDetailsOf] = useState<string | null>(null);

  // Every action changes what the account can do or how others see it: it runs only once confirmed.
  const run = (u: AdminUserRow, req_type: AdminAction) => {
    const ask = ACTION_CONFIRM[req_type];
    askConfirm({
      title: `${ask.verb} ${u.names}?`,
      children: (
        <Text fz="sm" c="dimmed">
          {ask.effect}
        </Text>
      ),
      labels: { confirm: ask.verb, cancel: "Cancel" },
      color: ask.color,
      onConfirm: () =>
        action.mutate(
          { account_id: u._id, req_type },
          { onSuccess: (res) => notifySuccess(res.message || TEXT.success.updated, ask.done), onError: (e) => notifyError(e) },
        ),
    });
  };
  const busy = (u: AdminUserRow, t: AdminAction) =>
    action.isPending && action.variables?.account_id === u._id && action.variables.req_type === t;

  const verifyBank = useVerifyBankAccount();
  const askVerifyBank = (u: AdminUserRow) => {
    const { bank_code: bank, account_no, account_name } = u;
    if (!bank || !account_no || !account_name) return;
    askConfirm({
      title: "Verify this bank account?",
      children: (
        <Stack gap="xs">
          <Text fz="sm">
            {account_name}
            <br />
            {bank.label} · {account_no}
          </Text>
          <Text fz="sm" c="dimmed">
            Check with the bank that this account belongs to {u.names} (for example with a small transfer) before you verify it. Payouts go
            only to a verified account.
          </Text>
        </Stack>
      ),
      labels: { confirm: VERIFY_BANK.verb, cancel: "Cancel" },
      color: "green",
      onConfirm: () =>
        verifyBank.mutate(
          { account_id: u._id, bank_code: bank.value, account_no, account_name },
          { onSuccess: (res) => notifySuccess(res.message || TEXT.success.updated, VERIFY_BANK.done), onError: (e) => notifyError(e) },
        ),
    });
  };
  // Name, bank and number, then the state above its action (one narrow column: the table must
  // still fit a 1280 px screen).
  const payoutCell = (u: AdminUserRow) =>
    u.bank_code && u.account_no && u.account_name ? (
      <Stack gap={4} align="flex-start" data-testid="payout-account">
        <div>
          <Text fz="sm" maw={170} style={{ overflowWrap: "anywhere" }}>
            {u.account_name}
          </Text>
          <Text fz="xs" c="dimmed" maw={170}>
            {u.bank_code.label} · {u.account_no}
          </Text>
        </div>
        <Flex gap={6} wrap="wrap" direction={{ base: "row", sm: "column" }} align={{ base: "center", sm: "flex-start" }}>
          <Badge style={{ minWidth: "fit-content" }} color={u.bank_account_verified ? "green" : "orange"} variant="light">
            {u.bank_account_verified ? "Verified" : "Unverified"}
          </Badge>
          {u.bank_account_verified ? null : (
            <Button
              size="xs"
              variant="light"
              color="green"
              loading={verifyBank.isPending && verifyBank.variables?.account_id === u._id}
              onClick={() => askVerifyBank(u)}
            >
              {VERIFY_BANK.verb}
            </Button>
          )}
        </Flex>
      </Stack>
    ) : (
      <Text fz="xs" c="dimmed" data-testid="payout-account">
        No bank account yet
      </Text>
    );

  const statusCell = (u: AdminUserRow) => (
    <Flex gap={6} wrap="wrap" direction={{ base: "row", sm: "column" }} align={{ base: "center", sm: "flex-start" }}>
      <Button size="xs" variant="default" onClick={() => setDetailsOf(u._id)} data-testid="seller-details-button">
        Details
      </Button>
      {u.status === "pending" ? (
        <Button size="xs" color="orange" loading={busy(u, "status_approved")} onClick={() => run(u, "status_approved")}>
          Approve
        </Button>
      ) : (
        <Text fz="sm" data-testid="seller-status">
          {u.status}
        </Text>
      )}
    </Flex>
  );
  // The state badge above its action: side by side, the row overflowed a 1280 px screen and
  // Mantine's preventGrowOverflow clipped the "Block" button to "Bloc".
  const accountCell = (u: AdminUserRow) => (
    <Flex gap={6} wrap="wrap" direction={{ base: "row", sm: "column" }} align={{ base: "center", sm: "flex-start" }}>
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
          {ACTION_CONFIRM.blue_tick_remove.verb}
        </Button>
      ) : (
        <Button size="xs" variant="light" color="blue" loading={busy(u, "blue_tick_verify")} onClick={() => run(u, "blue_tick_verify")}>
          {ACTION_CONFIRM.blue_tick_verify.verb}
        </Button>
      )}
    </>
  );

  // Long names and addresses wrap (at any character) instead of pushing the table past its box.
  const columns: Array<ListColumn<AdminUserRow> | false> = [
    {
      label: "Name",
      phone: "title",
      cell: (u) => (
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
      ),
    },
    {
      label: "Contact",
      cell: (u) => (
        <>
          <Group gap={4} wrap="nowrap">
            <Text fz="sm" maw={200} style={{ overflowWrap: "anywhere" }}>
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
        </>
      ),
    },
    {
      label: "Joined",
      nowrap: true,
      cell: (u) => (
        <>
          {dateFmt.format(new Date(u.createdAt))}
          {sellers ? (
            <Text fz="xs" c="dimmed">
              {u.followers} follower{u.followers === 1 ? "" : "s"}
            </Text>
          ) : null}
        </>
      ),
    },
    sellers && { label: "Status", cell: statusCell },
    sellers && { label: "Payout account", cell: payoutCell },
    { label: "Account", cell: accountCell },
    // Labelled on a phone's card too: beside the payout account's own check it must say what it is.
    { label: "Blue tick", cell: tickCell },
  ];

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
      <ListTable
        query={list}
        rows={rows}
        rowKey={(u) => u._id}
        rowAttrs={(u) => ({ "data-email": u.email })}
        columns={columns}
        testId="accounts-table"
        rowTestId="account-row"
        empty="No accounts found."
      />
      {sellers ? (
        <SellerDetailsModal
          seller={rows.find((r) => r._id === detailsOf) ?? null}
          onClose={() => setDetailsOf(null)}
          onApprove={(u) => run(u, "status_approved")}
        />
      ) : null}
    </Paper>
  );
}
