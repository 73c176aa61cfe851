/**
 * The live wishlist heart for signed-in shoppers (wishlist-button.tsx loads it): reads the wishlist,
 * adds or removes the product, filled when it is in the list. Signed-out shoppers are sent to
 * /signin, like "add to cart" (spec §5).
 */
import { TEXT } from "@market/contract";
import { IconHeart, IconHeartFilled } from "@tabler/icons-react";
import { useNavigate } from "react-router";
import { IconButton } from "../../../components/ui/button";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSession } from "../../../lib/session";
import { useToggleWishlist, useWishlist } from "../api/wishlist";

export default function LiveWishlistButton({ productId, size = "lg" }: { productId: string; size?: "sm" | "md" | "lg" | "xl" }) {
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
    <IconButton
      variant="default"
      size={size}
      radius="xl"
      aria-label={label}
      title={label}
      aria-pressed={inWishlist}
      loading={toggle.isPending}
      onClick={onClick}
      data-testid="wishlist-button"
    >
      {inWishlist ? <IconHeartFilled size="60%" color="var(--mantine-color-red-6)" /> : <IconHeart size="60%" />}
    </IconButton>
  );
}
