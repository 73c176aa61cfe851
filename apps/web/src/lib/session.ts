/**
 * The client session (spec §3 "Client user state", §4 "Session"): `isLogin` and `details` come
 * from `GET /api/me`, cached by TanStack Query under ["me"]. The session is an HttpOnly cookie
 * (ADR 0127): without the readable "signed in" cookie beside it nobody is signed in and /api/me is
 * not asked. A server-drawn page brings ["me"] with it (entry-server.tsx), so the first render is
 * already signed in. When /api/me refuses the session (401/403/404), or any other call answers 401,
 * it is forgotten, the user is told "You were signed out" and a page that needs an account goes to
 * /signin (`useSessionExpiry`, mounted once by the layouts); a user who must replace a one-time password goes to the
 * change-password page. A network or server failure keeps the session (the shopper is on a flaky
 * connection, not signed out). `signOut()` ends the session on the server and forgets the local
 * session data.
 */
import {
  type AccountType,
  BACKOFFICE_PATHS,
  type MeAnswer,
  STORAGE_KEYS,
  STOREFRONT_PATHS,
  TEXT,
  type UserDetails,
} from "@market/contract";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useLocation, useNavigate } from "react-router";
import { ApiError, api, forgetSession, hasSession, sessionChanged, subscribeSession } from "./api";
import { notifyInfo } from "./notify";

/** The signed-in user's details as /api/me answers them (spec §3 "User"; contract `UserDetails`). */
export type SessionUser = UserDetails;
export type { AccountType };

/** Statuses of /api/me that mean "this token is no good": the session ends. */
export function isSessionRefused(err: unknown): boolean {
  return err instanceof ApiError && [400, 401, 403, 404].includes(err.statusCode);
}

export const meQuery = queryOptions({
  queryKey: ["me"],
  queryFn: async (): Promise<SessionUser | null> => {
    if (!hasSession()) return null;
    try {
      const res = await api<MeAnswer>("/api/me");
      return res.data;
    } catch (err) {
      if (isSessionRefused(err)) forgetSession();
      throw err;
    }
  },
  staleTime: 60_000,
  retry: false,
});

/**
 * Is there a session cookie? The browser's answer from the first render on, also while it takes
 * over a server-drawn page: that page brings ["me"] (entry-server.tsx), so `loading` is false in both
 * drawings whatever this says, and the HTML matches. A server snapshot of `false` there made React
 * draw every signed-in user of `useSession` a second time right after hydrating, synchronously, in
 * one long task (ADR 0192). False on the server (no document).
 */
function useHasSession(): boolean {
  return useSyncExternalStore(subscribeSession, hasSession, hasSession);
}

/** `{ isLogin, details, loading }` for components. */
export function useSession() {
  const q = useQuery(meQuery);
  const hasToken = useHasSession();
  const details = q.data ?? null;
  return { isLogin: !!details, details, loading: q.isPending && hasToken, refetch: q.refetch };
}

/** Did the server find this browser's session gone when it drew the first page (`noteServerSession`)? */
let endedAtStart = false;

/**
 * Called once at start (main.tsx) with the server-drawn page's ["me"]: null while the readable
 * cookie still says "signed in" means the server found the session gone (and dropped its cookie):
 * it ends here too, and `useSessionExpiry` goes to /signin as for a refused /api/me.
 */
export function noteServerSession(me: unknown): void {
  if (me !== null || !hasSession()) return;
  endedAtStart = true;
  forgetSession();
}

/**
 * Pages that need an account (the customer area, checkout, the back office): when the session ends
 * on one of them the user goes to /signin (spec §4 "Session", checklist S4-2); on any other page
 * they stay where they are.
 */
const ACCOUNT_PAGES: readonly string[] = [
  STOREFRONT_PATHS.account,
  STOREFRONT_PATHS.address,
  STOREFRONT_PATHS.changePassword,
  STOREFRONT_PATHS.checkout,
];
function needsAccount(pathname: string): boolean {
  return ACCOUNT_PAGES.includes(pathname) || pathname.startsWith(BACKOFFICE_PATHS.dashboard);
}

/**
 * Session restore (spec §4): when the session ends without the user signing out (GET /api/me
 * refuses it, the server found it gone when it drew the page, or any other call answered 401),
 * forget the user and say so: "You were signed out", and on a page that needs an account go to
 * /signin (once; the session is then plainly "signed out", so later pages do not bounce). A
 * sign-out (`useSignOut`) drops the user before the session, so it says nothing.
 */
export function useSessionExpiry(): void {
  const q = useQuery(meQuery);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [endedHere, setEndedHere] = useState(false);
  const refused = (q.isError && isSessionRefused(q.error)) || endedAtStart || endedHere;
  // Any 401 (api.ts) forgets the session: the user goes with it at once.
  useEffect(
    () =>
      subscribeSession(() => {
        if (hasSession() || !qc.getQueryData(meQuery.queryKey)) return;
        qc.setQueryData(meQuery.queryKey, null);
        setEndedHere(true);
      }),
    [qc],
  );
  useEffect(() => {
    if (!refused) return;
    endedAtStart = false;
    setEndedHere(false);
    qc.setQueryData(meQuery.queryKey, null);
    const toSignIn = needsAccount(pathname);
    notifyInfo(toSignIn ? TEXT.session.signInAgain : TEXT.session.endedElsewhere, TEXT.session.signedOut);
    if (toSignIn) navigate(STOREFRONT_PATHS.signin, { replace: true, state: { from: pathname } });
  }, [refused, qc, navigate, pathname]);
  // Signed in with a one-time password (npm run admin:create): the server opens nothing but the
  // password change until it is replaced, so the app goes there.
  const mustChange = q.data?.must_change_password ? passwordPageOf(q.data.accType) : null;
  useEffect(() => {
    if (mustChange && pathname !== mustChange) navigate(mustChange, { replace: true });
  }, [mustChange, navigate, pathname]);
}

/** The change-password page of each account type (spec §2: /changePass, back office change_pwd). */
function passwordPageOf(accType: AccountType): string {
  return accType === "customer" ? "/changePass" : "/admin_real/dashboard/change_pwd";
}

/** Load the user after sign-in (the sign-in answer set the session cookie). */
export function useSignedIn() {
  const qc = useQueryClient();
  return async () => {
    sessionChanged();
    return qc.fetchQuery({ ...meQuery, staleTime: 0 });
  };
}

/** Sign out: end the session on the server (which clears its cookies; best effort), forget it and every cached query. */
export function useSignOut() {
  const qc = useQueryClient();
  return async () => {
    try {
      if (hasSession()) await api("/api/signout", { method: "POST" });
    } catch {
      // the session is forgotten locally anyway
    }
    // The user first: the session's end that follows is then not taken for an expiry (useSessionExpiry).
    qc.setQueryData(meQuery.queryKey, null);
    forgetSession();
    try {
      localStorage.removeItem(STORAGE_KEYS.cart);
    } catch {}
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== "me" });
  };
}

/** Where a signed-in user of each type lands after sign-in (spec §2 "Sign-in page"). */
export function homeOf(accType: AccountType): string {
  return accType === "customer" ? "/account" : "/admin_real/dashboard";
}

/**
 * Guard of the customer area (spec §4, §6): not signed in -> /signin (remembering the page), a
 * business or admin account -> "/". Answers the user once they may stay, else null.
 */
export function useCustomerOnly(): { user: SessionUser | null; loading: boolean } {
  const { details, loading } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (loading) return;
    if (!details) navigate("/signin", { replace: true, state: { from: location.pathname } });
    else if (details.accType !== "customer") navigate("/", { replace: true });
  }, [loading, details, navigate, location.pathname]);
  return { user: details?.accType === "customer" ? details : null, loading };
}
