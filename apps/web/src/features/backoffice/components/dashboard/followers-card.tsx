/** Followers (of the seller, or of all sellers for an admin), new this month, and the listing counts. */
import { Badge, SimpleGrid, Text } from "@mantine/core";
import type { DashboardData } from "@market/contract";
import { IconHeart } from "@tabler/icons-react";
import { Section } from "./section";

/** One listing count over its label. */
function Count({ value, label, color }: { value: number; label: string; color?: string }) {
  return (
    <div>
      <Text fz="lg" fw={700} c={color}>
        {value}
      </Text>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
    </div>
  );
}

export function FollowersCard({
  followers,
  listings,
  isAdmin,
}: {
  followers: DashboardData["followers"];
  listings: DashboardData["listings"];
  isAdmin: boolean;
}) {
  return (
    <Section title="Social media followers" icon={<IconHeart size={16} />} testId="card-followers">
      <Text fz={32} fw={800} lh={1.1}>
        {followers.total.toLocaleString("en-NG")}
      </Text>
      <Text fz="sm" c="dimmed">
        {isAdmin ? "follows of sellers across the store" : "people follow your shop"}
      </Text>
      <Badge mt="sm" variant="light" color="green">
        +{followers.newThisMonth} this month
      </Badge>
      <SimpleGrid cols={3} mt="md">
        <Count value={listings.products} label="products" />
        <Count value={listings.services} label="services" />
        <Count value={listings.outOfStock} label="out of stock" color={listings.outOfStock ? "red.8" : undefined} />
      </SimpleGrid>
    </Section>
  );
}
