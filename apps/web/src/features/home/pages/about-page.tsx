/** About us (footer link /aboutScreen): static marketing copy. */
import { Container, Stack, Text, Title } from "@mantine/core";
import { usePageTitle } from "../../../lib/use-page-title";

export default function AboutPage() {
  usePageTitle("About us");
  return (
    <Container size="md" py={48}>
      <Stack>
        <Title order={1}>About Naija Market</Title>
        <Text>
          Naija Market connects shoppers in Lagos with local businesses: physical products delivered to your door, and offline services such
          as salons, cleaners, tailors and mechanics that you can book and review.
        </Text>
        <Text>
          Sellers are reviewed before their listings go live, and verified sellers carry a blue tick. Payments are made by bank transfer in
          naira, and every order can be followed from your account.
        </Text>
      </Stack>
    </Container>
  );
}
