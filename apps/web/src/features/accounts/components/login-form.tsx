/**
 * Login mode of the sign-in page (spec §2, §5): e-mail or phone and password (max PASSWORD_MAX:
 * 128, not the spec's 25, ADR 0083). Nothing is
 * sent unless both are longer than 2 characters. After sign-in, business and admin accounts go to
 * the dashboard and customers back where they came from; a customer who was sent here by "add to
 * cart" gets that add finished and lands on the cart (lib/cart-intent.ts, ADR 0186; a refused add
 * shows the server's message and returns to the page). An unverified account opens the 2FA modal.
 */
import { Anchor, Button, Group, Stack, TextInput } from "@mantine/core";
import { LOGIN_MIN_EXCLUSIVE, type SignInBody, TEXT } from "@market/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate } from "react-router";
import { PasswordField } from "../../../components/password-field";
import { ApiError } from "../../../lib/api";
import { readAddIntent } from "../../../lib/cart-intent";
import { useSchemaForm } from "../../../lib/form";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSignIn } from "../../../lib/queries/auth";
import { safeReturnPath } from "../../../lib/return-path";
import { homeOf } from "../../../lib/session";

/** Whether the login may be sent (spec §5: both fields longer than 2 characters). */
function canSendLogin(email: string, password: string): boolean {
  return email.trim().length > LOGIN_MIN_EXCLUSIVE && password.length > LOGIN_MIN_EXCLUSIVE;
}

export function LoginForm({
  onLostPassword,
  onLostPasswordNear,
  onUnverified,
}: {
  onLostPassword: () => void;
  /** The pointer or focus reached the lost-password link (the page starts loading that form). */
  onLostPasswordNear?: () => void;
  onUnverified: (email: string) => void;
}) {
  const form = useSchemaForm<SignInBody>(() => import("../schemas").then((m) => m.SignInBody), {
    initialValues: { email: "", password: "" },
  });
  const signIn = useSignIn();
  const busy = signIn.isPending;
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();

  const goBack = () => {
    // The app's own redirect passes the page in its state; the server's (a signed-out visit to the
    // customer area) in ?from=. Only a path of this origin: anything else goes home.
    const asked = (location.state as { from?: string } | null)?.from ?? new URLSearchParams(location.search).get("from");
    const from = safeReturnPath(asked, window.location.origin);
    if (from) navigate(from, { replace: true });
    else if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate("/", { replace: true });
  };

  const submit = form.submitWith(
    ({ email, password }) => (canSendLogin(email, password) ? signIn.mutateAsync({ email: email.trim(), password }) : undefined),
    {
      onSuccess: (res) => {
        const intent = res.accType === "customer" ? readAddIntent(location.search) : null;
        if (!intent) {
          notifySuccess(res.message);
          if (res.accType === "customer") goBack();
          else navigate(homeOf(res.accType), { replace: true });
          return;
        }
        // One alert (a phone shows two over the cart): the add's outcome. The cart's writes load
        // only for this; they are not part of the sign-in page.
        void import("../../../lib/cart-add")
          .then((m) => m.addAfterSignIn(qc, intent))
          .then(
            (added) => {
              notifySuccess(added.message);
              navigate("/cart", { replace: true });
            },
            (err) => {
              notifyError(err);
              goBack();
            },
          );
      },
      onError: (err) => {
        if (err instanceof ApiError && err.errors.verify) onUnverified(err.errors.verify);
      },
    },
  );

  return (
    <form onSubmit={submit} aria-label="Login" noValidate>
      <Stack gap="md">
        <TextInput
          label={TEXT.accounts.emailOrPhone}
          placeholder="you@example.com or 0803 123 4567"
          autoComplete="username"
          required
          {...form.getInputProps("email")}
        />
        <PasswordField label="Password" required {...form.getInputProps("password")} />
        <Group justify="space-between" align="center">
          <Anchor
            component="button"
            type="button"
            fz="sm"
            onClick={onLostPassword}
            onPointerEnter={onLostPasswordNear}
            onFocus={onLostPasswordNear}
          >
            {TEXT.accounts.lostPassword}
          </Anchor>
          <Button type="submit" disabled={busy} miw={140}>
            {busy ? TEXT.buttons.processing : TEXT.accounts.login}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
