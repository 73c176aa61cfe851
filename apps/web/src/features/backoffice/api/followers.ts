/** The signed-in seller's followers (`GET /api/user/followers`), for the "Followers" page. */
import type { FollowersAnswer } from "@market/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export const FOLLOWERS_PAGE_SIZE = 25;

/** Query keys of the seller's followers, by page. */
const followerKeys = { all: ["bo", "followers"] as const, page: (page: number) => [...followerKeys.all, page] as const };

export function useFollowers(page: number) {
  return useQuery({
    queryKey: followerKeys.page(page),
    queryFn: ({ signal }) => api<FollowersAnswer>(`/api/user/followers?page=${page}&limit=${FOLLOWERS_PAGE_SIZE}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
