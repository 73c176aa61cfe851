/** Mantine's Alert alone, for lazy-alert.tsx (importing "@mantine/core" itself lazily would keep the whole package). */
export { Alert as default } from "@mantine/core";
