/** Temporary screen for a route whose feature has not landed yet (replaced by its issue's work). */
import { Container, Text, Title } from "@mantine/core";

export function PendingScreen({ title }: { title: string }) {
  return (
    <Container size="md" py={48}>
      <Title order={1}>{title}</Title>
      <Text c="dimmed" mt="sm">
        This screen is being built.
      </Text>
    </Container>
  );
}
