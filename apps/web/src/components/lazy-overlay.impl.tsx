/** Loaded on demand by lazy-overlay.tsx: Mantine's Drawer and Modal in a chunk of their own. */
export { Drawer, Modal } from "@mantine/core";
