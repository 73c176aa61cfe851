/**
 * Heart button that adds a product to (or removes it from) the signed-in user's wishlist. Signed-out
 * shoppers are sent to /signin, like "add to cart" (spec §5). Place it beside a product's
 * Add To Cart button: `<WishlistButton productId={product._id} />`.
 */
import { ActionIcon, type ActionIconProps } from "@mantine/core";
import { TEXT } from "@market/contract";
import { IconHeart, IconHeartFilled } from "@tabler/icons-react";
import { useNavigate } from "react-router";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSession } from "../../../lib/session";
import { useToggleWishlist, useWishlist } from "../api/wishlist";

export function WishlistButton({ productId, size = "lg", ...rest }: { productId: string } & Omit<ActionIconProps, "children">) {
  const navigate = useNavigate();
  const { isLogin } = useSession();
  const wishlist = useWishlist();
  const toggle = useToggleWishlist();
  const inWishlist = !!wishlist.data?.some((i) => i._id === productId);
  const label = inWishlist ? "Remove from wishlist" : "Add to wishlist";

  const onClick = () => {
    if (!isLogin) {
      navigate("/signin");
      return;
    }
    toggle.mutate(
      { productId, inWishlist },
      {
        onSuccess: () => notifySuccess(inWishlist ? TEXT.wishlist.removed : TEXT.wishlist.added),
        onError: (err) => notifyError(err),
      },
    );
  };

  return (
    <ActionIcon
      variant="default"
      size={size}
      radius="xl"
      aria-label={label}
      title={label}
      aria-pressed={inWishlist}
      loading={toggle.isPending}
      onClick={onClick}
      data-testid="wishlist-button"
      {...rest}
    >
      {inWishlist ? <IconHeartFilled size="60%" color="var(--mantine-color-red-6)" /> : <IconHeart size="60%" />}
    </ActionIcon>
  );
}
