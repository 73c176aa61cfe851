/** Title and breadcrumb of the account screens (spec §2: "My Account" with a breadcrumb back to Home). */
import { Anchor, Box, Container, Text, Title } from "@mantine/core";
import { TEXT } from "@market/contract";
import { Link } from "react-router";
import { Breadcrumbs } from "../../../components/ui/breadcrumbs";

export function PageHeading({ title, crumb }: { title: string; crumb?: string }) {
  return (
    <Box bg="white" py={{ base: 20, sm: 28 }} style={{ borderBottom: "1px solid var(--mantine-color-gray-2)" }}>
      <Container size="lg">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        {/* The shared trail: the same "/" as the catalog's pages. */}
        <Box mt={6}>
          <Breadcrumbs aria-label="Breadcrumb">
            <Anchor component={Link} to="/" fz="sm">
              {TEXT.accounts.breadcrumbHome}
            </Anchor>
            <Text fz="sm" c="dimmed">
              {crumb ?? title}
            </Text>
          </Breadcrumbs>
        </Box>
      </Container>
    </Box>
  );
}
