/** "Load more" under a list fed by an infinite query; shown only while a next page exists. */
import { Button, Group } from "@mantine/core";

type InfiniteList = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

export function LoadMore({ list }: { list: InfiniteList }) {
  if (!list.hasNextPage) return null;
  return (
    <Group justify="center" mt="md">
      <Button variant="default" loading={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
        Load more
      </Button>
    </Group>
  );
}
