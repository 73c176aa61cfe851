/** The latest events (orders, follows, reviews, ...) as a timeline, newest first as the server sends them. */
import { Text, Timeline } from "@mantine/core";
import type { DashboardData } from "@market/contract";
import { IconActivity } from "@tabler/icons-react";
import { dateTime } from "./format";
import { Section } from "./section";

export function RecentActivity({ activity }: { activity: DashboardData["activity"] }) {
  return (
    <Section title="Recent activity" icon={<IconActivity size={16} />} testId="card-activity">
      {activity.length === 0 ? (
        <Text c="dimmed" fz="sm">
          Nothing has happened yet.
        </Text>
      ) : (
        <Timeline bulletSize={12} lineWidth={2}>
          {activity.map((a) => (
            <Timeline.Item key={`${a.kind}-${a.at}-${a.text}`}>
              <Text fz="sm">{a.text}</Text>
              <Text fz="xs" c="dimmed">
                {dateTime.format(new Date(a.at))}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Section>
  );
}
