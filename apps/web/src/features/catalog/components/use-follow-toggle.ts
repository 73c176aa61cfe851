/**
 * The Follow/Following toggle of a seller (spec §4 "Follow", §5), shared by the seller popup and the
 * shop page: signed-out shoppers go to /signin, following yourself shows the "Quick Notice", and
 * the count and state follow the server's answer.
 */
import { type Seller, TEXT } from "@market/contract";
import { useState } from "react";
import { useNavigate } from "react-router";
import { notifyError, notifyInfo } from "../../../lib/notify";
import { useSession } from "../../../lib/session";
import { useFollowSeller } from "../api/catalog";

export function useFollowToggle(seller: Seller) {
  const navigate = useNavigate();
  const { isLogin, details } = useSession();
  const [following, setFollowing] = useState(seller.following || (!!details && seller.followers.includes(details._id)));
  const [count, setCount] = useState(seller.followers_count);
  const follow = useFollowSeller();

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
  return { following, count, toggle, pending: follow.isPending };
}
