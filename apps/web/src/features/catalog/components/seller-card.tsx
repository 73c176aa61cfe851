/**
 * Content of the seller popup (seller-modal.tsx), imported on first open (ADR 0051).
 */
import { Avatar, Badge, Button, Group, Stack, Text, ThemeIcon, Tooltip } from "@mantine/core";
import { type Seller, TEXT, TRUNCATE, truncate } from "@market/contract";
import { IconBrandWhatsapp, IconMail, IconPhone, IconRosetteDiscountCheckFilled } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { notifyError, notifyInfo } from "../../../lib/notify";
import { useSession } from "../../../lib/session";
import { useFollowSeller } from "../api/catalog";
import { whatsappLink } from "../lib/whatsapp-link";

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
  const navigate = useNavigate();
  const { isLogin, details } = useSession();
  const [following, setFollowing] = useState(seller.following || (!!details && seller.followers.includes(details._id)));
  const [count, setCount] = useState(seller.followers_count);
  const follow = useFollowSeller();
  const chat = whatsappLink(seller.whatsapp);

  const toggle = () => {
    if (!isLogin || !details) {
      navigate("/signin");
      return;
    }
    if (details._id === seller._id) {
      notifyInfo(TEXT.alerts.followYourself, TEXT.alerts.quickNotice);
      return;
    }
    follow.mutate(
      { sellerId: seller._id, state: following ? "unfollow" : "follow" },
      {
        onSuccess: (res) => {
          setFollowing(res.following);
          setCount(res.followers_count);
        },
        onError: (err) => notifyError(err),
      },
    );
  };

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
        <Button
          onClick={() => void toggle()}
          loading={follow.isPending}
          variant={following ? "outline" : "filled"}
          data-testid="follow-button"
        >
          {following ? "Following" : "Follow"}
        </Button>
      </Group>
    </Stack>
  );
}

export default SellerCard;
