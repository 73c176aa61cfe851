/**
 * The storefront's server-drawn pages (`SERVER_DRAWN_PAGES`, packages/contract/src/pages.ts, ADR
 * 0170) for the .mjs tools: the contract is TypeScript source, so it is loaded through tsx, which
 * the repository already uses to run TypeScript.
 *
 * @returns {Promise<readonly import("../../packages/contract/src/pages.ts").ServerDrawnPage[]>}
 */
import { tsImport } from "tsx/esm/api";

export async function serverDrawnPages() {
  const { SERVER_DRAWN_PAGES } = await tsImport("../../packages/contract/src/pages.ts", import.meta.url);
  return SERVER_DRAWN_PAGES;
}
