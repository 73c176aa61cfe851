/** A back-office page heading with optional actions on the right; sets the document title. */
import { Group, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { usePageTitle } from "../../../lib/use-page-title";

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  usePageTitle(title);
  return (
    <Group justify="space-between" align="flex-end" mb="md" gap="sm">
      <div>
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          {title}
        </Title>
        {subtitle ? (
          <Text c="dimmed" fz="sm" mt={2}>
            {subtitle}
          </Text>
        ) : null}
      </div>
      {actions ? <Group gap="xs">{actions}</Group> : null}
    </Group>
  );
}
