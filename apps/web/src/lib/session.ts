/**
 * The client session (spec §3 "Client user state", §4 "Session"): `isLogin` and `details` come
 * from `GET /api/me`, cached by TanStack Query under ["me"]. Without a token nobody is signed in;
 * a failing /api/me clears the token. `signOut()` revokes the token on the server and clears it.
 */
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, getToken, setToken } from "./api";

/** The signed-in user's details as /api/me answers them (fields per spec §3 "User"). */
export type SessionUser = {
  _id: string;
  names: string;
  username: string;
  email: string;
  phone: string;
  whatsapp?: string | null;
  profile?: string | null;
  desc?: string;
  accType: "customer" | "business" | "admin";
  active: boolean;
  status: "pending" | "approved";
  verified: { blue_tick: boolean; email: boolean; phone: boolean };
  [key: string]: unknown;
};

export const meQuery = queryOptions({
  queryKey: ["me"],
  queryFn: async (): Promise<SessionUser | null> => {
    if (!getToken()) return null;
    try {
      const res = await api<{ statusCode: number; data: SessionUser }>("/api/me");
      return res.data;
    } catch (err) {
      setToken(null);
      throw err;
    }
  },
  staleTime: 60_000,
  retry: false,
});

/** `{ isLogin, details, loading }` for components. */
export function useSession() {
  const q = useQuery(meQuery);
  const details = q.data ?? null;
  return { isLogin: !!details, details, loading: q.isPending && !!getToken(), refetch: q.refetch };
}

/** Store a new token and reload the user (after sign-in). */
export function useSignedIn() {
  const qc = useQueryClient();
  return async (token: string) => {
    setToken(token);
    return qc.fetchQuery({ ...meQuery, staleTime: 0 });
  };
}

/** Sign out: revoke the token on the server (best effort), clear it and every cached query. */
export function useSignOut() {
  const qc = useQueryClient();
  return async () => {
    try {
      if (getToken()) await api("/api/signout", { method: "POST" });
    } catch {
      // the token is cleared locally anyway
    }
    setToken(null);
    try {
      localStorage.removeItem("cart");
    } catch {}
    qc.setQueryData(meQuery.queryKey, null);
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== "me" });
  };
}
