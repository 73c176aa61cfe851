/** The shared footer, with the links of spec §2 (/aboutScreen, /contactScreen, /shop). */
import { Anchor, Box, Container, Stack, Text, Title } from "@mantine/core";
import { STORE_CONTACT } from "@market/contract";
import { Link } from "react-router";
import { Grid } from "../../components/ui/grid";
import { useFreeShippingPromise } from "../../lib/queries/settings";

export function Footer() {
  const freeShipping = useFreeShippingPromise();
  return (
    <Box component="footer" bg="dark.8" c="gray.3" py={40} mt={60}>
      <Container size="xl">
        <Grid cols="1 sm:3" spacing="xl">
          <Stack gap={6}>
            <Title order={3} c="white" fz="lg">
              Naija Market
            </Title>
            <Text fz="sm">Products and trusted local services from businesses across Lagos. Pay by bank transfer in naira.</Text>
          </Stack>
          <Stack gap={6}>
            <Text fw={700} c="white">
              Company
            </Text>
            <Anchor component={Link} to="/aboutScreen" c="gray.3" fz="sm">
              About us
            </Anchor>
            <Anchor component={Link} to="/contactScreen" c="gray.3" fz="sm">
              Contact us
            </Anchor>
            <Anchor component={Link} to="/shop" c="gray.3" fz="sm">
              Shop
            </Anchor>
          </Stack>
          <Stack gap={6}>
            <Text fw={700} c="white">
              Customer care
            </Text>
            <Anchor href={STORE_CONTACT.phoneHref} c="gray.3" fz="sm">
              24h support: {STORE_CONTACT.phone}
            </Anchor>
            {freeShipping ? <Text fz="sm">{freeShipping}</Text> : null}
          </Stack>
        </Grid>
        <Text fz="xs" mt="xl" c="gray.5">
          © {new Date().getFullYear()} Naija Market. All prices in naira (NGN).
        </Text>
      </Container>
    </Box>
  );
}
