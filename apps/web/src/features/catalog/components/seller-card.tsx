/**
 * Content of the seller popup (seller-modal.tsx), imported on first open (ADR 0051).
 */
import { Avatar, Badge, Button, Group, Stack, Text, ThemeIcon, Tooltip } from "@mantine/core";
import { type Seller, TRUNCATE, truncate } from "@market/contract";
import { IconBrandWhatsapp, IconMail, IconPhone, IconRosetteDiscountCheckFilled } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { sellerHref } from "../../../components/seller-score";
import { whatsappLink } from "../lib/whatsapp-link";
import { useFollowToggle } from "./use-follow-toggle";

/** A contact detail's mark: green when the seller has verified it, grey otherwise, named either way. */
function VerifiedMark({ what, verified, icon }: { what: string; verified: boolean; icon: ReactNode }) {
  const label = `${what} ${verified ? "verified" : "not verified"}`;
  return (
    <Tooltip label={label}>
      <ThemeIcon variant="light" color={verified ? "naija" : "gray"} radius="xl" aria-label={label}>
        {icon}
      </ThemeIcon>
    </Tooltip>
  );
}

function SellerCard({ seller }: { seller: Seller }) {
  const { following, count, toggle, pending } = useFollowToggle(seller);
  const chat = whatsappLink(seller.whatsapp);

  return (
    <Stack align="center" gap="sm" data-testid="seller-popup">
      <Avatar src={seller.profile ?? undefined} alt={seller.names} size={96} radius={96} name={seller.names} color="naija" />
      <Group gap={6} justify="center">
        <Text fw={700} fz="lg">
          {seller.names}
        </Text>
        {seller.verified.blue_tick && (
          <Tooltip label="Verified business">
            <IconRosetteDiscountCheckFilled
              size={22}
              color="var(--mantine-color-blue-6)"
              aria-label="Verified business"
              data-testid="blue-tick"
            />
          </Tooltip>
        )}
      </Group>
      <Text c="dimmed">@{seller.username}</Text>
      <Text fz="sm" data-testid="seller-score-label">
        Seller score: <b>{seller.score.label}</b>
      </Text>
      <Text ta="center" fz="sm">
        {truncate(seller.desc, TRUNCATE.sellerPopup)}
      </Text>
      <Group gap="lg" justify="center">
        <Text fz="sm">
          <b data-testid="follower-count">{count}</b> {count === 1 ? "follower" : "followers"}
        </Text>
        <Group gap={6}>
          <VerifiedMark what="E-mail" verified={seller.verified.email} icon={<IconMail size={16} />} />
          <VerifiedMark what="Phone" verified={seller.verified.phone} icon={<IconPhone size={16} />} />
        </Group>
      </Group>
      {seller.categories.length > 0 && (
        <Group gap={6} justify="center">
          {seller.categories.map((c) => (
            <Badge key={c._id} variant="light" color="gray" tt="none">
              #{c.name}
            </Badge>
          ))}
        </Group>
      )}
      <Group gap="sm" justify="center">
        {chat && (
          <Button
            component="a"
            href={chat}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            color="green"
            leftSection={<IconBrandWhatsapp size={18} />}
          >
            Chat on WhatsApp
          </Button>
        )}
        <Button component={Link} to={sellerHref(seller.username)} variant="light" data-testid="visit-shop">
          Visit shop
        </Button>
        <Button onClick={() => void toggle()} loading={pending} variant={following ? "outline" : "filled"} data-testid="follow-button">
          {following ? "Following" : "Follow"}
        </Button>
      </Group>
    </Stack>
  );
}

export default SellerCard;
