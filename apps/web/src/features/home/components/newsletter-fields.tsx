/**
 * The newsletter form's e-mail field and "Sign Up" button (spec §2 "Home": required e-mail; the
 * button leads to /signin). At the bottom of the home page, so the page loads this chunk (Mantine's
 * TextInput and input wrapper) after its first paint, behind a placeholder of the row's height (ADR 0051).
 * An address typed in the server-drawn field before this part took it over is kept (ADR 0131, 0224).
 */
import { Button, Group, TextInput } from "@mantine/core";
import { useState } from "react";
import { useKeptValue } from "../../../lib/use-kept-value";

export default function NewsletterFields() {
  const [email, setEmail] = useState("");
  const ref = useKeptValue<HTMLInputElement>(email, setEmail);
  return (
    <Group align="flex-end" wrap="wrap">
      <TextInput
        type="email"
        required
        label="Email address"
        placeholder="you@example.com"
        value={email}
        ref={ref}
        onChange={(e) => setEmail(e.currentTarget.value)}
        style={{ flex: 1, minWidth: 220 }}
      />
      <Button type="submit">Sign Up</Button>
    </Group>
  );
}
