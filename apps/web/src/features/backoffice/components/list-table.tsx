/**
 * A back-office list: a Mantine Table on desktop; below the theme's `sm` breakpoint the same rows
 * are cards, each cell a line with its column's label (list-table.module.css). The columns are
 * described once, for both. With `query` it also shows the loading, failure and empty states in
 * place of the rows, and "Load more" while an infinite query has another page.
 */
import { Table } from "@mantine/core";
import type { CSSProperties, ReactNode } from "react";
import { LoadMore } from "../../../components/load-more";
import classes from "./list-table.module.css";
import { Empty, LoadError, Loading } from "./query-state";

/** One column: its heading, its cell, and where the cell goes on a phone's card. */
export type ListColumn<T> = {
  /** The desktop heading, and the label before the value on a phone (except title, image, actions). */
  label: string;
  cell: (row: T) => ReactNode;
  /**
   * On a phone: `title` first line in bold, `image` at the card's left, `actions` at its foot on the
   * right, `hidden` not shown (the title already says it); by default a labelled line.
   */
  phone?: "title" | "image" | "actions" | "hidden";
  /** Dates and amounts: kept on one line on desktop. */
  nowrap?: boolean;
  /** Amounts: right-aligned on desktop. */
  align?: "right";
};

/** The parts of a TanStack query the list shows: pending, failure with retry, more pages. */
export type ListQuery = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => unknown;
};

type ListTableProps<T> = {
  columns: Array<ListColumn<T> | false>;
  rows: T[];
  rowKey: (row: T) => string;
  /** data-testid of the table, and of each row. */
  testId: string;
  rowTestId: string;
  /** More attributes of a row (e.g. data-email for tests). */
  rowAttrs?: (row: T) => Record<`data-${string}`, string>;
  /** Desktop width (px) below which the table scrolls sideways inside its box instead of squeezing. */
  minWidth?: number;
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  query?: ListQuery;
};

export function ListTable<T>({ columns, rows, rowKey, testId, rowTestId, rowAttrs, minWidth, empty, query }: ListTableProps<T>) {
  if (query?.isPending) return <Loading />;
  if (query?.isError) return <LoadError error={query.error} onRetry={() => query.refetch()} />;
  const cols = columns.filter((c): c is ListColumn<T> => c !== false);
  const labelled = (c: ListColumn<T>) => c.phone === undefined;
  const more = query?.fetchNextPage
    ? {
        hasNextPage: query.hasNextPage ?? false,
        isFetchingNextPage: query.isFetchingNextPage ?? false,
        fetchNextPage: query.fetchNextPage,
      }
    : null;
  return (
    <>
      {rows.length === 0 ? (
        <Empty>{empty}</Empty>
      ) : (
        <div className={classes.box}>
          <Table
            className={classes.table}
            style={{ "--list-min-width": minWidth ? `${minWidth}px` : undefined } as CSSProperties}
            verticalSpacing="sm"
            highlightOnHover
            data-testid={testId}
          >
            <Table.Thead>
              <Table.Tr>
                {cols.map((c) => (
                  <Table.Th key={c.label} ta={c.align}>
                    {c.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)} data-testid={rowTestId} {...rowAttrs?.(row)}>
                  {cols.map((c) => (
                    <Table.Td
                      key={c.label}
                      className={[c.nowrap && classes.nowrap, c.align && classes.right].filter(Boolean).join(" ") || undefined}
                      data-phone={c.phone}
                      data-label={labelled(c) ? c.label : undefined}
                    >
                      <div className={classes.value}>{c.cell(row)}</div>
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {more ? <LoadMore list={more} /> : null}
    </>
  );
}
