/**
 * The back office's own layout (spec §2 "The back office has its own layout", "Header and menus"):
 * a Mantine AppShell with a top bar (notification bell, account type label, name cut to 10 characters, picture) and
 * the role's sidebar; on phones the sidebar is a drawer behind the burger, with collapsible groups.
 * Guards (spec §4 "Session"): signed out -> /signin; customers -> /account.
 */
import "@mantine/core/styles/AppShell.layer.css";
// The Mantine component styles no storefront screen uses (ADR 0051, ADR 0072): with the back office only.
import "./mantine-styles-deferred";
import {
  Alert,
  Anchor,
  AppShell,
  Avatar,
  Badge,
  Burger,
  Center,
  Flex,
  Group,
  Loader,
  NavLink,
  ScrollArea,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { BACKOFFICE_PATHS, HEADER_NAME_MAX, SELLER_MESSAGES } from "@market/contract";
import {
  IconBuildingStore,
  IconCategory,
  IconCoins,
  IconFlag,
  IconHourglass,
  IconInbox,
  IconLayoutDashboard,
  IconLogout,
  IconPackage,
  IconReceipt,
  IconReportMoney,
  IconSettings,
  IconStar,
  IconTools,
  IconTruckDelivery,
  IconUsers,
} from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { Link, Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { AppReadyMarker } from "../../../components/app-ready";
import { isSessionRefused, meQuery, useSession, useSessionExpiry, useSignOut } from "../../../lib/session";
import { useUnreadMessages } from "../api/messages";
import { ConfirmHost } from "../components/confirm";
import { LoadError } from "../components/query-state";
import { BO, type NavEntry, navFor } from "../lib/nav";
import classes from "./backoffice-layout.module.css";

/** The notification bell of the top bar (ADR 0182): its own chunk. */
const NotificationBell = lazy(() => import("../../../components/notifications/bell"));

const ICONS: Record<string, ReactNode> = {
  dashboard: <IconLayoutDashboard size={18} stroke={1.6} />,
  products: <IconPackage size={18} stroke={1.6} />,
  services: <IconTools size={18} stroke={1.6} />,
  categories: <IconCategory size={18} stroke={1.6} />,
  transactions: <IconReceipt size={18} stroke={1.6} />,
  earnings: <IconCoins size={18} stroke={1.6} />,
  shipping: <IconTruckDelivery size={18} stroke={1.6} />,
  finance: <IconReportMoney size={18} stroke={1.6} />,
  sellers: <IconBuildingStore size={18} stroke={1.6} />,
  users: <IconUsers size={18} stroke={1.6} />,
  messages: <IconInbox size={18} stroke={1.6} />,
  reports: <IconFlag size={18} stroke={1.6} />,
  trust: <IconStar size={18} stroke={1.6} />,
  settings: <IconSettings size={18} stroke={1.6} />,
};

function isActive(pathname: string, to: string): boolean {
  return to === BO ? pathname === BO || pathname === `${BO}/` : pathname === to || pathname.startsWith(`${to}/`);
}

type SideNavProps = {
  entries: NavEntry[];
  /** A count shown beside an entry (by key), e.g. the unread messages. */
  counts?: Record<string, number | undefined>;
  onNavigate: () => void;
  onLogout: () => void;
};

function SideNav({ entries, counts = {}, onNavigate, onLogout }: SideNavProps) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Back office menu">
      {entries.map((e) =>
        e.children ? (
          <NavLink
            key={e.key}
            label={e.label}
            leftSection={ICONS[e.key]}
            defaultOpened={e.children.some((c) => isActive(pathname, c.to))}
            childrenOffset={28}
            data-testid={`nav-${e.key}`}
          >
            {e.children.map((c) => (
              <NavLink key={c.to} component={Link} to={c.to} label={c.label} active={isActive(pathname, c.to)} onClick={onNavigate} />
            ))}
          </NavLink>
        ) : (
          <NavLink
            key={e.key}
            component={Link}
            to={e.to!}
            label={e.label}
            leftSection={ICONS[e.key]}
            active={isActive(pathname, e.to!)}
            onClick={onNavigate}
            data-testid={`nav-${e.key}`}
            rightSection={
              counts[e.key] ? (
                <Badge size="sm" color="orange" variant="filled" circle={counts[e.key]! < 10} data-testid={`nav-${e.key}-count`}>
                  <span className="visually-hidden">unread: </span>
                  {counts[e.key]}
                </Badge>
              ) : null
            }
          />
        ),
      )}
      <NavLink
        component="button"
        label="Logout"
        leftSection={<IconLogout size={18} stroke={1.6} />}
        onClick={onLogout}
        data-testid="nav-logout"
      />
    </nav>
  );
}

export default function BackofficeLayout() {
  const { isLogin, details, loading } = useSession();
  const me = useQuery(meQuery);
  useSessionExpiry();
  const [opened, { toggle, close }] = useDisclosure(false);
  const signOut = useSignOut();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const unread = useUnreadMessages(details?.accType === "admin");

  // Close the phone drawer whenever the route changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => close(), [pathname]);

  if (loading) {
    return (
      <Center h="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  // A flaky connection is not a sign-out: offer to retry instead of bouncing to /signin.
  if (me.isError && !isSessionRefused(me.error)) {
    return (
      <Center h="100vh" p="md">
        <LoadError error={me.error} onRetry={() => me.refetch()} />
        <AppReadyMarker />
      </Center>
    );
  }
  if (!isLogin || !details) return <Navigate to="/signin" replace />;
  if (details.accType === "customer") return <Navigate to="/account" replace />;

  const role = details.accType;
  const logout = async () => {
    await signOut();
    navigate("/signin");
  };

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 250, breakpoint: "md", collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" color="white" aria-label="Open back office menu" />
            <Anchor component={Link} to={BO} underline="never" className={classes.brand}>
              Naija<span>Market</span>
            </Anchor>
            <Text visibleFrom="sm" c="gray.3" fz="sm">
              Back office
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Anchor component={Link} to="/" c="gray.2" fz="sm" visibleFrom="sm">
              View store
            </Anchor>
            <Suspense fallback={<span style={{ width: 32 }} />}>
              <NotificationBell settingsHref={BACKOFFICE_PATHS.notificationSettings} variant="subtle" />
            </Suspense>
            {/* Named by what it shows (a label that hid the visible name would not match it for voice control). */}
            <UnstyledButton component={Link} to={`${BO}/settings`}>
              <span className="visually-hidden">Your profile: </span>
              <Group gap={8} wrap="nowrap" data-testid="bo-account-badge">
                {/* The account type as the spec shows it ("business"), and the name at every width. */}
                {/* Stacked on phones, where the top bar also holds the notification bell. */}
                <Flex direction={{ base: "column", sm: "row" }} align={{ base: "flex-end", sm: "center" }} gap={{ base: 0, sm: 8 }}>
                  <Text fz="xs" c="yellow.3" fw={700} lh={1.2}>
                    {role}
                  </Text>
                  <Text fz="sm" c="white" fw={600} lh={1.2} style={{ whiteSpace: "nowrap" }}>
                    {details.names.slice(0, HEADER_NAME_MAX)}
                  </Text>
                </Flex>
                <Avatar src={details.profile || null} alt={details.names} size={32} radius="xl" color="naija" variant="filled" />
              </Group>
            </UnstyledButton>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <AppShell.Section grow component={ScrollArea}>
          <SideNav entries={navFor(role)} counts={{ messages: unread.data }} onNavigate={close} onLogout={logout} />
        </AppShell.Section>
        <AppShell.Section>
          <Text fz="xs" c="dimmed" px="sm" py={6}>
            Signed in as {details.email}
          </Text>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main className={classes.main}>
        {role === "business" && details.status === "pending" ? <PendingBanner hasBusiness={!!details.business} /> : null}
        <Outlet />
      </AppShell.Main>
      <ConfirmHost />
      <AppReadyMarker />
    </AppShell>
  );
}

/** A seller not yet approved (ADR 0184): what happens next, and where to give what the admin reviews. */
function PendingBanner({ hasBusiness }: { hasBusiness: boolean }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      mb="md"
      icon={<IconHourglass size={20} />}
      title={SELLER_MESSAGES.pendingTitle}
      data-testid="pending-banner"
    >
      <Text fz="sm">{SELLER_MESSAGES.pendingBody}</Text>
      {hasBusiness ? null : (
        <Anchor component={Link} to={`${BO}/settings`} fz="sm" fw={600}>
          {SELLER_MESSAGES.pendingNoBusiness}
        </Anchor>
      )}
    </Alert>
  );
}
