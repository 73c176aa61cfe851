/**
 * The quick view's picture carousel (spec §2): "next" wraps from the last picture to the first,
 * "previous" stops at the first.
 */
import { ActionIcon, Text } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useState } from "react";
import classes from "./catalog.module.css";
import { ItemImage } from "./item-image";

/** Index after "next": wraps around. */
export const nextIndex = (i: number, n: number) => (n ? (i + 1) % n : 0);
/** Index after "previous": stops at 0. */
export const prevIndex = (i: number) => Math.max(0, i - 1);

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
