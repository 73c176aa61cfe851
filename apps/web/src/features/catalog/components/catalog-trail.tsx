/**
 * The trail above the catalog's pages: Home, then the section (Market Place or Services, to all its
 * categories), then what `children` adds (a product's category).
 */
import { Anchor } from "@mantine/core";
import type { CategoryType } from "@market/contract";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Breadcrumbs } from "../../../components/ui/breadcrumbs";
import { SECTION_LABEL, sectionHref } from "../../../lib/sections";

/** `type`: the section; `mb`: a theme spacing below the trail; `children`: the links after the section's. */
export function CatalogTrail({ type, mb, children }: { type: CategoryType; mb: "sm" | "md"; children?: ReactNode }) {
  return (
    <Breadcrumbs mb={mb} aria-label="Breadcrumb">
      <Anchor component={Link} to="/">
        Home
      </Anchor>
      <Anchor component={Link} to={sectionHref(type)}>
        {SECTION_LABEL[type]}
      </Anchor>
      {children}
    </Breadcrumbs>
  );
}
