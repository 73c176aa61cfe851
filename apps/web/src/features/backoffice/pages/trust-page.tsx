/**
 * Reviews & Score (seller; ADR 0211-0213): the seller's score and its parts over the last 90 days
 * with what would raise it (computed from those parts: lib/score-advice.ts), their reviews from verified buyers (with the reply box under those not
 * answered yet), and the reports about their items with the admins' decisions.
 */
import { Anchor, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import { SELLER_SCORE_WINDOW_DAYS, type SellerScore } from "@market/contract";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { LoadMore } from "../../../components/load-more";
import PurchaseReviewsPanel from "../../../components/reviews/purchase-reviews-panel";
import { SellerScoreBadge, scoreParts, sellerHref } from "../../../components/seller-score";
import { sellerShopQuery } from "../../../lib/queries/catalog";
import { useSession } from "../../../lib/session";
import { useMyReports } from "../api/reports";
import { PageHeader } from "../components/page-header";
import { Empty, LoadError, Loading } from "../components/query-state";
import { ReportCaseCard } from "../components/report-case-card";
import { RoleGate } from "../components/role-gate";
import { scoreAdvice } from "../lib/score-advice";

/** What would raise the score, from its own parts: the weakest first, then what is already good. */
function Advice({ score }: { score: SellerScore }) {
  const a = scoreAdvice(score);
  return (
    <div data-testid="score-advice">
      <Text fz="sm" fw={600} mt="sm">
        What would raise it
      </Text>
      {a.ordersToGo !== null && (
        <Text fz="sm">
          {a.ordersToGo} more paid {a.ordersToGo === 1 ? "order" : "orders"} in {SELLER_SCORE_WINDOW_DAYS} days and your score shows a
          figure instead of "New seller".
        </Text>
      )}
      {a.raise.length > 0 ? (
        <List fz="sm" spacing={2} type="ordered">
          {a.raise.map((r) => (
            <List.Item key={r.part}>
              <b>
                {r.part} ({r.shown}):
              </b>{" "}
              {r.advice}
            </List.Item>
          ))}
        </List>
      ) : (
        a.good.length > 0 && <Text fz="sm">Every measured part is good: keep it up.</Text>
      )}
      {a.notMeasured.map((n) => (
        <Text fz="sm" c="dimmed" key={n.part}>
          {n.part}: {n.note}
        </Text>
      ))}
      {a.good.length > 0 && <Text fz="sm">Already good: {a.good.join(", ")}.</Text>}
    </div>
  );
}

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
        {shop.data && <Advice score={shop.data.data.score} />}
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
        ) : reports.data.pages[0]!.data.length === 0 ? (
          <Empty>Nobody has reported your listings or their reviews.</Empty>
        ) : (
          <Stack gap="sm">
            {reports.data.pages
              .flatMap((p) => p.data)
              .map((c) => (
                <ReportCaseCard key={c._id} entry={c} />
              ))}
            <LoadMore list={reports} />
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
