/** Route error screen: a chunk that failed to load shows a readable message with Reload (spec §8). */
import { Container, Stack, Text, Title } from "@mantine/core";
import { TEXT } from "@market/contract";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { AppReadyMarker } from "../components/app-ready";
import { Button } from "../components/ui/button";
import { ChunkLoadError } from "./lazy-page";

export function RouteError() {
  const error = useRouteError();
  const chunk = error instanceof ChunkLoadError;
  const title = chunk
    ? "This page could not load"
    : isRouteErrorResponse(error) && error.status === 404
      ? TEXT.pages.notFoundTitle
      : "Something went wrong";
  const detail = chunk
    ? `${(error as ChunkLoadError).message} (${(error as ChunkLoadError).type}). Your connection may have dropped; reload to try again.`
    : error instanceof Error
      ? error.message
      : TEXT.alerts.genericError;
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{detail}</Text>
        <Stack gap="xs" align="center">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button as={Link} to="/" variant="subtle" reloadDocument>
            Go to the home page
          </Button>
        </Stack>
      </Stack>
      <AppReadyMarker />
    </Container>
  );
}
