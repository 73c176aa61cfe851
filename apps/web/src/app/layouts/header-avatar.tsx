/**
 * The signed-in shopper's picture in the header's top bar (default picture when none). Mantine's
 * Avatar is only needed once a session is known, so it loads as a chunk of its own (ADR 0051); the
 * header shows a circle of the same 22px size meanwhile, so nothing moves.
 */
import { Avatar } from "@mantine/core";

export default function HeaderAvatar({ src, alt }: { src: string | null; alt: string }) {
  return <Avatar src={src} alt={alt} size={22} radius="xl" color="naija" />;
}
