/** Mantine's Pagination alone, for the listing's lazy pager (importing "@mantine/core" itself lazily would keep the whole package; ADR 0051). */
export { Pagination as default } from "@mantine/core";
