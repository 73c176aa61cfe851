/**
 * Mantine's notifications store alone, for lib/notify.ts to import on first use: importing the
 * package index dynamically would keep the whole package (the Notifications component and the core
 * components it uses) in that chunk and split the entry's Mantine code into many small files.
 */
export { notifications } from "@mantine/notifications";
