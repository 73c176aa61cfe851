/**
 * Reviews & Score (seller; ADR 0211-0213): the seller's score and its parts over the last 90 days
 * with what would raise it, their reviews from verified buyers (with the reply box under those not
 * answered yet), and the reports about their items with the admins' decisions.
 */
import { Anchor, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import PurchaseReviewsPanel from "../../../components/reviews/purchase-reviews-panel";
import { SellerScoreBadge, scoreParts, sellerHref } from "../../../components/seller-score";
import { sellerShopQuery } from "../../../lib/queries/catalog";
import { useSession } from "../../../lib/session";
import { useMyReports } from "../api/reports";
import { PageHeader } from "../components/page-header";
import { Empty, LoadError, Loading } from "../components/query-state";
import { ReportCaseCard } from "../components/report-case-card";
import { RoleGate } from "../components/role-gate";

/** What raises each part (docs/seller-score.md). */
const RAISE = [
  "Ship every order by its ship-by time (shown in Ordered Products; an item not shipped by then is cancelled and refunded) and mark it shipped there.",
  "Never cancel a paid order.",
  "Describe items truthfully, so they arrive as shown: no problems or returns.",
  "Ask buyers to review their delivered orders; answer every review politely.",
  "Below 5 orders in 90 days you show as a New seller.",
];

function SellerTrust({ sellerId, username }: { sellerId: string; username: string }) {
  const shop = useQuery(sellerShopQuery(username));
  const reports = useMyReports();
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md" data-testid="my-score">
        <Group gap="xs" mb="xs">
          <Title order={3} fz="lg">
            Your seller score
          </Title>
          {shop.data && <SellerScoreBadge score={shop.data.data.score} />}
          <Anchor component={Link} to={sellerHref(username)} fz="sm">
            See your shop page
          </Anchor>
        </Group>
        {shop.isPending ? (
          <Loading />
        ) : shop.isError ? (
          <LoadError error={shop.error} />
        ) : (
          <Stack gap={4}>
            {scoreParts(shop.data.data.score).map((p) => (
              <Group key={p.label} justify="space-between" fz="sm">
                <Text fz="sm">{p.label}</Text>
                <Text fz="sm" fw={600}>
                  {p.value}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
        <Text fz="sm" fw={600} mt="sm">
          What raises it
        </Text>
        <List fz="sm" spacing={2}>
          {RAISE.map((r) => (
            <List.Item key={r}>{r}</List.Item>
          ))}
        </List>
      </Paper>
      <div>
        <Title order={3} fz="lg" mb="xs">
          Your reviews
        </Title>
        <PurchaseReviewsPanel sellerId={sellerId} />
      </div>
      <div>
        <Title order={3} fz="lg" mb="xs">
          Reports about your items
        </Title>
        {reports.isPending ? (
          <Loading />
        ) : reports.isError ? (
          <LoadError error={reports.error} />
        ) : reports.data.data.length === 0 ? (
          <Empty>Nobody has reported your listings or their reviews.</Empty>
        ) : (
          <Stack gap="sm">
            {reports.data.data.map((c) => (
              <ReportCaseCard key={c._id} entry={c} />
            ))}
          </Stack>
        )}
      </div>
    </Stack>
  );
}

export default function TrustPage() {
  const { details } = useSession();
  return (
    <RoleGate roles={["business"]}>
      <PageHeader title="Reviews & Score" subtitle="Your score over the last 90 days, your reviews and reports" />
      {details && <SellerTrust sellerId={details._id} username={details.username} />}
    </RoleGate>
  );
}
