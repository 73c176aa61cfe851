/**
 * /signin (spec §2 "Sign-in page", §4): titled "My Account" with a breadcrumb to Home; login
 * (default), register and lost-password modes on one page, a toggle between login and register,
 * and the 2FA modal after registration (the page returns to login mode behind it).
 *
 * The page opens in login mode: the register and lost-password forms and the 2FA modal (with their
 * pickers, the contract's schemas and Zod) load when first asked for, and start loading as soon as
 * the pointer or focus reaches the toggle or the link (ADR 0147).
 *
 * Sent here by "add to cart" (`?add=<id>&qty=<n>`, lib/cart-intent.ts, ADR 0186), the page says
 * why: "Sign in to add <the product's name> to your cart" (the name read from the store, drawn by
 * the server too). A visitor already signed in when the page opens goes on to their account or the
 * back office (the server redirects such a visit before drawing it: plugins/landing-pages.ts).
 */
import { Card, Container, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { TEXT } from "@market/contract";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Navigate, useLocation } from "react-router";
import { readAddIntent } from "../../../lib/cart-intent";
import { detailQuery } from "../../../lib/queries/catalog";
import { homeOf, useSession } from "../../../lib/session";
import { usePageTitle } from "../../../lib/use-page-title";
import { LoginForm } from "../components/login-form";
import { PageHeading } from "../components/page-heading";

const loadRegister = () => import("../components/register-form");
const loadLostPassword = () => import("../components/lost-password-form");
const RegisterForm = lazy(() => loadRegister().then((m) => ({ default: m.RegisterForm })));
const LostPasswordForm = lazy(() => loadLostPassword().then((m) => ({ default: m.LostPasswordForm })));
const VerifyModal = lazy(() => import("../components/verify-modal").then((m) => ({ default: m.VerifyModal })));
const ignore = () => undefined;

type Mode = "login" | "register" | "lost";

const HEADINGS: Record<Mode, { title: string; text: string }> = {
  login: { title: "Welcome back", text: "Log in with your e-mail or phone number." },
  register: { title: "Create your account", text: "Shop as a customer, or sell your products and services as a seller." },
  lost: { title: "Reset your password", text: "We will help you get back into your account." },
};

/** Why the shopper is asked to sign in, when "add to cart" sent them: the product's name once known. */
function AddReason({ product }: { product: string }) {
  const item = useQuery(detailQuery("market-place", product)).data?.products;
  const name = item && "name" in item ? item.name : null;
  return (
    <Text fw={600} data-testid="signin-reason">
      Sign in to add {name ?? "this item"} to your cart
    </Text>
  );
}

export default function SignInPage() {
  usePageTitle(TEXT.pages.myAccount);
  const { search } = useLocation();
  const intent = readAddIntent(search);
  const session = useSession();
  // Signed in when the page opened (a link inside the app): nothing to do here. Not after a sign-in
  // made on this page, whose form decides where the shopper goes.
  const [signedInAtOpen] = useState(() => session.details);
  const [mode, setMode] = useState<Mode>("login");
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null);
  // The modal stays mounted once opened, so its closing transition plays.
  const [verifyUsed, setVerifyUsed] = useState(false);
  if (verifyEmail && !verifyUsed) setVerifyUsed(true);
  const heading = HEADINGS[mode];
  if (signedInAtOpen) return <Navigate to={homeOf(signedInAtOpen.accType)} replace />;

  return (
    <>
      <PageHeading title={TEXT.pages.myAccount} />
      <Container size={mode === "register" ? 640 : 480} py={{ base: 24, sm: 40 }} px={{ base: "sm", sm: "md" }}>
        <Card withBorder radius="md" padding="lg" shadow="xs">
          <Stack gap="lg">
            {intent ? <AddReason product={intent.product} /> : null}
            {mode !== "lost" ? (
              <SegmentedControl
                onPointerEnter={() => void loadRegister().catch(ignore)}
                onFocus={() => void loadRegister().catch(ignore)}
                value={mode}
                onChange={(v) => setMode(v as Mode)}
                data={[
                  { label: TEXT.accounts.login, value: "login" },
                  { label: TEXT.accounts.register, value: "register" },
                ]}
                aria-label="Login or register"
                fullWidth
                size="md"
              />
            ) : null}
            <div>
              <Title order={2} fz="xl">
                {heading.title}
              </Title>
              <Text c="dimmed" fz="sm" mt={4}>
                {heading.text}
              </Text>
            </div>
            {mode === "login" ? (
              <LoginForm
                onLostPassword={() => setMode("lost")}
                onLostPasswordNear={() => void loadLostPassword().catch(ignore)}
                onUnverified={setVerifyEmail}
              />
            ) : null}
            <Suspense
              fallback={
                <Text c="dimmed" fz="sm" mih={200}>
                  {TEXT.pages.loading}
                </Text>
              }
            >
              {mode === "register" ? (
                <RegisterForm
                  onRegistered={(email) => {
                    setMode("login");
                    setVerifyEmail(email);
                  }}
                />
              ) : null}
              {mode === "lost" ? <LostPasswordForm onDone={() => setMode("login")} /> : null}
            </Suspense>
          </Stack>
        </Card>
      </Container>
      {verifyUsed ? (
        <Suspense fallback={null}>
          <VerifyModal email={verifyEmail} onClose={() => setVerifyEmail(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
