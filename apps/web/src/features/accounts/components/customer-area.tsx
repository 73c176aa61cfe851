/**
 * Frame of the customer area (spec §2 "Customer area", §4, §6): title and breadcrumb, the sidebar
 * (Dashboard, Addresses (N), Change Password, Notifications, Log out) and the screen. Signed-out visitors go to
 * /signin and business or admin accounts to "/" (useCustomerOnly). Until the customer is known the
 * same grid holds placeholders of the sidebar's and screen's size (ADR 0130).
 */
import { Box, Card, Container, Grid, NavLink as MantineNavLink, Stack, VisuallyHidden } from "@mantine/core";
import { STOREFRONT_PATHS, TEXT } from "@market/contract";
import { IconAddressBook, IconBell, IconKey, IconLayoutDashboard, IconLogout } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { NavLink, useNavigate } from "react-router";
import { Skeleton } from "../../../components/ui/skeleton";
import { type SessionUser, useCustomerOnly, useSignOut } from "../../../lib/session";
import { PageHeading } from "./page-heading";

function Sidebar({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const items = [
    { to: "/account", label: TEXT.accounts.dashboard, icon: IconLayoutDashboard },
    { to: "/address", label: TEXT.accounts.addresses(user.addresses.length), icon: IconAddressBook },
    { to: "/changePass", label: TEXT.accounts.changePassword, icon: IconKey },
    { to: STOREFRONT_PATHS.notificationSettings, label: "Notifications", icon: IconBell },
  ];
  return (
    <Card withBorder padding={6} radius="md" component="nav" aria-label="My account">
      <Stack gap={2}>
        {items.map((item) => (
          <NavLink key={item.to} to={item.to} end style={{ textDecoration: "none" }}>
            {({ isActive }) => (
              <MantineNavLink
                component="span"
                label={item.label}
                active={isActive}
                leftSection={<item.icon size={18} aria-hidden />}
                variant="light"
                style={{ borderRadius: 6 }}
              />
            )}
          </NavLink>
        ))}
        <MantineNavLink
          component="button"
          label={TEXT.accounts.logOut}
          leftSection={<IconLogout size={18} aria-hidden />}
          style={{ borderRadius: 6 }}
          onClick={async () => {
            await signOut();
            navigate("/signin");
          }}
        />
      </Stack>
    </Card>
  );
}

/** The customer area around `children`, which receives the signed-in customer. */
export function CustomerArea({ title, children }: { title: string; children: (user: SessionUser) => ReactNode }) {
  const { user } = useCustomerOnly();
  return (
    <>
      <PageHeading title={TEXT.pages.myAccount} crumb={title} />
      <Container size="lg" py={{ base: 20, sm: 36 }} px={{ base: "sm", sm: "md" }}>
        <Grid gap={{ base: "md", md: "xl" }}>
          <Grid.Col span={{ base: 12, md: 3 }}>{user ? <Sidebar user={user} /> : <Skeleton h={182} radius="md" />}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            {user ? (
              <Box>{children(user)}</Box>
            ) : (
              <Stack gap="lg" data-testid="account-placeholder">
                <VisuallyHidden>{TEXT.pages.loading}</VisuallyHidden>
                <Skeleton h={72} />
                <Skeleton h={160} radius="md" />
              </Stack>
            )}
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}
