/**
 * The shared header (spec §2 "Header and menus"): top bar with the account type label, the name cut
 * to 10 characters and the profile picture (default when none); the menu Home, Shop, Market Place,
 * Services, Cart, My Account, then Log Out or Login / Register; the notification bell (signed in) and the mini-cart button; below
 * them the search box with its suggestions. On phones the menu folds into a drawer.
 */
import { Anchor, Box, Container, Group, Stack, Text, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { type AccountType, BACKOFFICE_PATHS, HEADER_NAME_MAX, STOREFRONT_PATHS } from "@market/contract";
import { lazy, Suspense } from "react";
import { Link, NavLink, useNavigate } from "react-router";
import { LazyDrawer as Drawer } from "../../components/lazy-overlay";
import { NotificationBell } from "../../components/notifications/bell-loader";
import { MenuToggle } from "../../components/ui/button";
import { MiniCart } from "../../features/cart/components/mini-cart";
import { SearchBox } from "../../features/search/components/search-box";
import { useFreeShippingPromise } from "../../lib/queries/settings";
import { SECTION_LABEL, sectionHref } from "../../lib/sections";
import { useSession, useSessionExpiry, useSignOut } from "../../lib/session";
import classes from "./header.module.css";

/** Only signed-in shoppers see it: its own chunk (ADR 0051). */
const HeaderAvatar = lazy(() => import("./header-avatar"));

/** Where "My Account" leads (spec §2): /account for customers, the dashboard for others, /signin when signed out. */
function accountLink(accType: AccountType | undefined): string {
  if (!accType) return "/signin";
  return accType === "customer" ? "/account" : "/admin_real/dashboard";
}

export function Header() {
  const { isLogin, details } = useSession();
  const freeShipping = useFreeShippingPromise();
  // Session restore (spec §4): a refused token clears the session and goes to /signin.
  useSessionExpiry();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [opened, { toggle, close }] = useDisclosure(false);

  const links = [
    { to: "/", label: "Home", end: true },
    { to: "/shop", label: "Shop" },
    { to: sectionHref("market-place"), label: SECTION_LABEL["market-place"] },
    { to: sectionHref("services"), label: SECTION_LABEL.services },
    { to: "/cart", label: "Cart" },
    { to: accountLink(details?.accType), label: "My Account" },
  ];
  const logOut = async () => {
    close();
    await signOut();
    navigate("/signin");
  };
  const menu = (vertical: boolean) => (
    <>
      {links.map((l) =>
        // Signed out, "My Account" leads to /signin like "Login / Register": a plain link, so that
        // only "Login / Register" shows as the current page there.
        !isLogin && l.to === "/signin" ? (
          <Link key={l.label} to={l.to} className={classes.link} onClick={close}>
            {l.label}
          </Link>
        ) : (
          <NavLink key={l.label} to={l.to} end={l.end} className={classes.link} onClick={close}>
            {l.label}
          </NavLink>
        ),
      )}
      {isLogin ? (
        <UnstyledButton className={classes.link} onClick={logOut}>
          Log Out
        </UnstyledButton>
      ) : (
        <NavLink to="/signin" className={classes.link} onClick={close}>
          Login / Register
        </NavLink>
      )}
      {vertical ? null : null}
    </>
  );

  return (
    <Box component="header" className={classes.header}>
      <Box className={classes.topbar}>
        <Container size="xl">
          {/* At least the strip's 32 px, growing to two lines rather than cutting the promise off
              (a signed-in phone also shows the account badge); with a promise, phones leave out
              "24h support", which the footer repeats with the phone number (spec §9: marketing text). */}
          <Group justify="space-between" mih={32} py={4} wrap="nowrap">
            <Text fz="xs" c="gray.3" data-testid="topbar-promise">
              {freeShipping ? (
                <>
                  {freeShipping}
                  <Box component="span" visibleFrom="sm">
                    {" "}
                    · 24h support
                  </Box>
                </>
              ) : (
                "24h support"
              )}
            </Text>
            {isLogin && details ? (
              <Group gap={8} wrap="nowrap" data-testid="account-badge">
                {/* The account type label as the spec shows it ("business"). */}
                <Text fz="xs" c="yellow.3" fw={700}>
                  {details.accType}
                </Text>
                <Text fz="xs" c="white" fw={600} style={{ whiteSpace: "nowrap" }}>
                  {details.names.slice(0, HEADER_NAME_MAX)}
                </Text>
                <Suspense fallback={<span className={classes.avatarPlaceholder} />}>
                  <HeaderAvatar src={details.profile || null} alt={details.names} />
                </Suspense>
              </Group>
            ) : null}
          </Group>
        </Container>
      </Box>
      <Container size="xl">
        <Group justify="space-between" h={64} wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <MenuToggle opened={opened} onClick={toggle} aria-label="Open menu" />
            <Anchor component={Link} to="/" underline="never" className={classes.brand}>
              Naija<span>Market</span>
            </Anchor>
          </Group>
          <Group gap={4} visibleFrom="md" component="nav" aria-label="Main menu" wrap="nowrap">
            {menu(false)}
          </Group>
          <Group gap={6} wrap="nowrap">
            {isLogin && details ? (
              <Suspense fallback={<span className={classes.bellPlaceholder} />}>
                <NotificationBell
                  settingsHref={
                    details.accType === "customer" ? STOREFRONT_PATHS.notificationSettings : BACKOFFICE_PATHS.notificationSettings
                  }
                />
              </Suspense>
            ) : null}
            <MiniCart />
          </Group>
        </Group>
      </Container>
      {/* On every storefront page, phone and desktop: the one search (ADR 0205). */}
      <Container size="xl" pb={8}>
        <SearchBox />
      </Container>
      <Drawer opened={opened} onClose={close} size="80%" title="Menu" hiddenFrom="md">
        <Stack gap={4} component="nav" aria-label="Main menu (mobile)">
          {menu(true)}
        </Stack>
      </Drawer>
    </Box>
  );
}
