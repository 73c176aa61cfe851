/**
 * The signed-in account's notifications (ADR 0182): the bell's unread count
 * (GET /api/notifications/unread, asked only when signed in), the list (GET /api/notifications,
 * loaded when the bell opens), marking read (POST /api/notifications/read) and the channels per kind
 * (GET/PUT /api/notifications/preferences). Personal: never kept across sessions.
 */
import type {
  NotificationPreference,
  NotificationPreferencesAnswer,
  NotificationPreferencesUpdateAnswer,
  NotificationsAnswer,
  NotificationsReadAnswer,
  NotificationsReadBody,
  UnreadAnswer,
} from "@market/contract";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../api";

/** Every query key of the notifications: the one place they are built. */
const notificationKeys = {
  all: ["notifications"] as const,
  unread: () => [...notificationKeys.all, "unread"] as const,
  list: () => [...notificationKeys.all, "list"] as const,
  preferences: () => [...notificationKeys.all, "preferences"] as const,
};

/** How often the bell asks for its count while the page is open. */
const UNREAD_REFRESH_MS = 60_000;

/** The bell's count; use with `enabled` only when signed in. */
export const unreadQuery = () =>
  queryOptions({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => api<UnreadAnswer>("/api/notifications/unread", { signal }).then((r) => r.data.unread),
    refetchInterval: UNREAD_REFRESH_MS,
    staleTime: 15_000,
  });

/** The newest notifications (one page of 20). */
export const notificationListQuery = () =>
  queryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) => api<NotificationsAnswer>("/api/notifications?limit=20", { signal }).then((r) => r.data),
    staleTime: 0,
  });

/** Mark notifications read (`{ ids }` or `{ all: true }`); the bell's count follows the answer. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationsReadBody) =>
      api<NotificationsReadAnswer>("/api/notifications/read", { method: "POST", body }).then((r) => r.data.unread),
    onSuccess: (unread) => qc.setQueryData(notificationKeys.unread(), unread),
  });
}

/** The account's channels per kind. */
export const preferencesQuery = () =>
  queryOptions({
    queryKey: notificationKeys.preferences(),
    queryFn: ({ signal }) => api<NotificationPreferencesAnswer>("/api/notifications/preferences", { signal }).then((r) => r.data.items),
  });

/** Save the channels of some kinds; the answer (every kind) replaces the cached preferences. */
export function useSavePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (items: NotificationPreference[]) =>
      api<NotificationPreferencesUpdateAnswer>("/api/notifications/preferences", { method: "PUT", body: { items } }),
    onSuccess: (answer) => qc.setQueryData(notificationKeys.preferences(), answer.data.items),
  });
}
