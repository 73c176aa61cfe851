/**
 * A listing picture in the size its box needs, so a phone downloads no more than it shows: cards
 * and thumbnails use the small stored size (`-thumb.webp`, at most 400 px), the main detail picture
 * the full one. Width and height are always set so the page does not jump while pictures arrive;
 * pictures below the fold load lazily. Items without a picture get a neutral placeholder of the same size.
 */
import { imageThumbUrl } from "@market/contract";
import { IconPhoto } from "@tabler/icons-react";
import type { CSSProperties } from "react";
import classes from "./catalog.module.css";

type Props = {
  src: string | undefined;
  alt: string;
  /** "thumb" for cards and thumbnails, "full" for the main detail picture. */
  size?: "thumb" | "full";
  width: number;
  height: number;
  eager?: boolean;
  /** The page's main picture (its LCP element): fetched before other pictures (`fetchpriority="high"`). */
  priority?: boolean;
  className?: string;
  style?: CSSProperties;
};

export function ItemImage({ src, alt, size = "thumb", width, height, eager = false, priority = false, className, style }: Props) {
  if (!src) {
    return (
      <div className={`${classes.noImage} ${className ?? ""}`} style={style} role="img" aria-label={alt}>
        <IconPhoto size={36} aria-hidden />
      </div>
    );
  }
  return (
    <img
      src={size === "thumb" ? imageThumbUrl(src) : src}
      alt={alt}
      width={width}
      height={height}
      loading={eager || priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={className}
      style={style}
    />
  );
}
