/**
 * What a signed-out visitor sees on a page that needs an account (the cart, the wishlist, the mini cart): the
 * page's sentence and a "Sign in" button to /signin, in a card.
 */
import { Button, Card, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** `children`: the page's sentence; `icon`: drawn above it; `onNavigate`: called when "Sign in" is followed (a drawer closes itself). */
export function SignInPrompt({ icon, children, onNavigate }: { icon?: ReactNode; children: ReactNode; onNavigate?: () => void }) {
  return (
    <Card withBorder padding="xl" radius="md" maw={520}>
      <Stack align="flex-start" gap="sm">
        {icon}
        <Text>{children}</Text>
        <Button component={Link} to="/signin" onClick={onNavigate}>
          Sign in
        </Button>
      </Stack>
    </Card>
  );
}
