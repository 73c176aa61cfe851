/** Layout of every public page: the shared header and footer around the routed screen (spec §2). */
import { Box, Center } from "@mantine/core";
import { Suspense } from "react";
import { type Location, Outlet, ScrollRestoration } from "react-router";
import { AppReadyMarker } from "../../components/app-ready";
import { Spinner } from "../../components/ui/button";
import { Footer } from "./footer";
import { Header } from "./header";

/**
 * The key a page's scroll position is saved under. React Router keys by `location.key`, which is
 * "default" for the first page of every document load: a page opened by URL, a reload or a full
 * page load would then restore the scroll position of whatever page the tab showed before (a
 * shopper landed half-way down the next page). The first page of a load is keyed by its path
 * instead, so only a reload of the same page comes back to where it was.
 */
function scrollKey(location: Location): string {
  return location.key === "default" ? location.pathname + location.search : location.key;
}

export function PublicLayout() {
  return (
    <Box mih="100vh" style={{ display: "flex", flexDirection: "column" }}>
      <Header />
      <Box component="main" style={{ flex: 1 }}>
        <Suspense
          fallback={
            <Center py={80}>
              <Spinner />
            </Center>
          }
        >
          <Outlet />
          <AppReadyMarker />
        </Suspense>
      </Box>
      <Footer />
      <ScrollRestoration getKey={scrollKey} />
    </Box>
  );
}
