/** The not-found page for any unknown path (spec §2). */
import { Container, Stack, Text, Title } from "@mantine/core";
import { TEXT } from "@market/contract";
import { Link } from "react-router";
import { usePageTitle } from "../lib/use-page-title";
import { Button } from "./ui/button";

export default function NotFoundPage() {
  usePageTitle(TEXT.pages.notFoundTitle);
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Text fz={72} fw={800} c="naija.8" lh={1}>
          404
        </Text>
        <Title order={1}>{TEXT.pages.notFoundTitle}</Title>
        <Text c="dimmed">{TEXT.pages.notFoundText}</Text>
        <Button as={Link} to="/">
          Back to Home
        </Button>
      </Stack>
    </Container>
  );
}
