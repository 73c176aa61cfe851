/**
 * Users (spec §2): for an admin, the customers table (GET /api/admin/users?account_type=customer)
 * with block/unblock and blue tick, and "New user" (POST /api/admin/user). For a seller the page is
 * "Followers": the people who follow them (GET /api/user/followers), by name and username only;
 * following a seller does not share one's e-mail or phone with them.
 */
import { Avatar, Button, Group, Pagination, Paper, Table, Text } from "@mantine/core";
import { IconUserPlus } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useSession } from "../../../lib/session";
import { FOLLOWERS_PAGE_SIZE, useFollowers } from "../api/followers";
import { AccountsTable } from "../components/accounts-table";
import { PageHeader } from "../components/page-header";
import { Empty, LoadError, Loading } from "../components/query-state";

const NewUserModal = lazy(() => import("../components/new-user-modal"));
const dateFmt = new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "short", year: "numeric" });

function Followers() {
  const [page, setPage] = useState(1);
  const q = useFollowers(page);
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / FOLLOWERS_PAGE_SIZE)) : 1;
  return (
    <>
      <PageHeader title="Followers" subtitle={q.data ? `${q.data.total} people follow you` : undefined} />
      <Paper withBorder radius="md" p="md">
        {q.isPending ? (
          <Loading />
        ) : q.isError ? (
          <LoadError error={q.error} onRetry={() => q.refetch()} />
        ) : q.data.data.length === 0 ? (
          <Empty>Nobody follows you yet. Share your products and services to gain followers.</Empty>
        ) : (
          <Table.ScrollContainer minWidth={300}>
            <Table verticalSpacing="sm" highlightOnHover data-testid="followers-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Following since</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {q.data.data.map((f) => (
                  <Table.Tr key={f._id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Avatar src={f.profile} alt={f.names} radius="xl" size={32} color="naija">
                          {f.names.slice(0, 2).toUpperCase()}
                        </Avatar>
                        <div>
                          <Text fz="sm" fw={600}>
                            {f.names}
                          </Text>
                          <Text fz="xs" c="dimmed">
                            @{f.username}
                          </Text>
                        </div>
                      </Group>
                    </Table.Td>
                    <Table.Td>{dateFmt.format(new Date(f.followedAt))}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages > 1 ? (
          <Group justify="center" mt="md">
            <Pagination total={pages} value={page} onChange={setPage} />
          </Group>
        ) : null}
      </Paper>
    </>
  );
}

function Customers() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <PageHeader
        title="Users"
        subtitle="Customer accounts. Block an account to end its sessions."
        actions={
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setOpen(true)}>
            New user
          </Button>
        }
      />
      <AccountsTable accountType="customer" />
      {open ? (
        <Suspense fallback={null}>
          <NewUserModal opened={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

export default function UsersPage() {
  const { details } = useSession();
  if (!details) return null;
  return details.accType === "admin" ? <Customers /> : <Followers />;
}
