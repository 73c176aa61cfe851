/** Layout of every public page: the shared header and footer around the routed screen (spec §2). */
import { Box, Center } from "@mantine/core";
import { Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { Spinner } from "../../components/ui/button";
import { AppReadyMarker } from "../app-ready";
import { Footer } from "./footer";
import { Header } from "./header";

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
      <ScrollRestoration />
    </Box>
  );
}
