/**
 * The quick view's picture carousel (spec §2): "next" wraps from the last picture to the first,
 * "previous" stops at the first. Behind each full-size picture its small stored size (the card's and
 * the thumbnail strip's, already loaded) shows until the full one has come, so the popup never
 * opens on a blank box (ADR 0188).
 */
import { ActionIcon, Text } from "@mantine/core";
import { imageThumbUrl } from "@market/contract";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useState } from "react";
import classes from "./catalog.module.css";
import { ItemImage } from "./item-image";

/** Index after "next": wraps around. */
export const nextIndex = (i: number, n: number) => (n ? (i + 1) % n : 0);
/** Index after "previous": stops at 0. */
export const prevIndex = (i: number) => Math.max(0, i - 1);

/** A URL written inside `url("...")`: its quotes, backslashes and line ends percent-encoded. */
const cssUrl = (url: string) => url.replace(/["\\\n\r]/g, encodeURIComponent);

/** `start`: the picture shown first (the one chosen in the item page's gallery). */
export function ImageCarousel({ images, alt, start = 0 }: { images: string[]; alt: string; start?: number }) {
  const [index, setIndex] = useState(() => (start >= 0 && start < images.length ? start : 0));
  const n = images.length;
  return (
    <div className={classes.carousel}>
      <ItemImage
        src={images[index]}
        alt={`${alt} (picture ${index + 1} of ${Math.max(n, 1)})`}
        size="full"
        width={600}
        height={600}
        eager
        className={classes.carouselImage}
        style={images[index] ? { background: `center / contain no-repeat url("${cssUrl(imageThumbUrl(images[index]))}")` } : undefined}
      />
      {n > 1 && (
        <>
          <ActionIcon
            className={classes.carouselPrev}
            variant="white"
            radius="xl"
            size="lg"
            aria-label="Previous picture"
            onClick={() => setIndex(prevIndex(index))}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <ActionIcon
            className={classes.carouselNext}
            variant="white"
            radius="xl"
            size="lg"
            aria-label="Next picture"
            onClick={() => setIndex(nextIndex(index, n))}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
          <Text fz="xs" c="dimmed" ta="center" py={4} data-testid="carousel-position">
            {index + 1} / {n}
          </Text>
        </>
      )}
    </div>
  );
}
