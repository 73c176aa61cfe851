/**
 * /signin (spec §2 "Sign-in page", §4): titled "My Account" with a breadcrumb to Home; login
 * (default), register and lost-password modes on one page, a toggle between login and register,
 * and the 2FA modal after registration (the page returns to login mode behind it).
 */
import { Card, Container, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { TEXT } from "@market/contract";
import { useState } from "react";
import { usePageTitle } from "../../../lib/use-page-title";
import { LoginForm } from "../components/login-form";
import { LostPasswordForm } from "../components/lost-password-form";
import { PageHeading } from "../components/page-heading";
import { RegisterForm } from "../components/register-form";
import { VerifyModal } from "../components/verify-modal";

type Mode = "login" | "register" | "lost";

const HEADINGS: Record<Mode, { title: string; text: string }> = {
  login: { title: "Welcome back", text: "Log in with your e-mail or phone number." },
  register: { title: "Create your account", text: "Shop as a customer, or sell your products and services as a seller." },
  lost: { title: "Reset your password", text: "We will help you get back into your account." },
};

export default function SignInPage() {
  usePageTitle(TEXT.pages.myAccount);
  const [mode, setMode] = useState<Mode>("login");
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null);
  const heading = HEADINGS[mode];

  return (
    <>
      <PageHeading title={TEXT.pages.myAccount} />
      <Container size={mode === "register" ? 640 : 480} py={{ base: 24, sm: 40 }} px={{ base: "sm", sm: "md" }}>
        <Card withBorder radius="md" padding="lg" shadow="xs">
          <Stack gap="lg">
            {mode !== "lost" ? (
              <SegmentedControl
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
            {mode === "login" ? <LoginForm onLostPassword={() => setMode("lost")} onUnverified={setVerifyEmail} /> : null}
            {mode === "register" ? (
              <RegisterForm
                onRegistered={(email) => {
                  setMode("login");
                  setVerifyEmail(email);
                }}
              />
            ) : null}
            {mode === "lost" ? <LostPasswordForm onDone={() => setMode("login")} /> : null}
          </Stack>
        </Card>
      </Container>
      <VerifyModal email={verifyEmail} onClose={() => setVerifyEmail(null)} />
    </>
  );
}
