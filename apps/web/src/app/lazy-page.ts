/**
 * Lazy route modules with the spec's chunk-loading rules (§8, §9): a chunk that fails to load, or
 * takes longer than 120 s, raises `ChunkLoadError` ("Loading chunk {n} failed", type missing or
 * timeout), which the route error screen shows with a Reload action.
 */
import { CHUNK_LOAD_TIMEOUT_MS, TEXT } from "@market/contract";
import type { ComponentType } from "react";

export class ChunkLoadError extends Error {
  constructor(
    readonly chunk: string,
    readonly type: "missing" | "timeout",
  ) {
    super(TEXT.pages.chunkLoadFailed(chunk));
    this.name = "ChunkLoadError";
  }
}

/** Route `lazy` for a module whose default export is the page component. */
export function lazyPage(chunk: string, load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadError(chunk, "timeout")), CHUNK_LOAD_TIMEOUT_MS);
    });
    try {
      const mod = await Promise.race([load(), timeout]);
      return { Component: mod.default };
    } catch (err) {
      if (err instanceof ChunkLoadError) throw err;
      throw new ChunkLoadError(chunk, "missing");
    } finally {
      clearTimeout(timer);
    }
  };
}
