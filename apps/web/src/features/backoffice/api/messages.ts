/**
 * The admins' inbox of contact messages (ADR 0183): `GET /api/admin/messages` (newest first, with
 * the unread count), the read marker and the reply. A write puts the server's fresh message into
 * the cached pages and reloads the unread count.
 */
import type { AdminMessageAnswer, AdminMessagesAnswer, AdminReplyBody, ContactMessageRow } from "@market/contract";
import {
  type InfiniteData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { cursorPagesQuery } from "../../../lib/queries/pages";

const messageKeys = {
  all: ["bo", "messages"] as const,
  list: () => [...messageKeys.all, "list"] as const,
  unread: () => [...messageKeys.all, "unread"] as const,
};

export function useMessages() {
  return useInfiniteQuery(cursorPagesQuery<AdminMessagesAnswer>(messageKeys.list(), "/api/admin/messages", { limit: "20" }));
}

/** The unread count for the menu (one message asked for: the answer carries the whole inbox's count). */
const unreadQuery = queryOptions({
  queryKey: messageKeys.unread(),
  queryFn: async ({ signal }) => (await api<AdminMessagesAnswer>("/api/admin/messages?limit=1", { signal })).unread,
  staleTime: 60_000,
});

/** The unread count; idle unless `enabled` (admins only). */
export function useUnreadMessages(enabled: boolean) {
  return useQuery({ ...unreadQuery, enabled });
}

/** Put the server's copy of a message into the cached pages; reload the unread count. */
function storeMessage(qc: QueryClient, fresh: ContactMessageRow) {
  qc.setQueryData<InfiniteData<AdminMessagesAnswer>>(messageKeys.list(), (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, data: p.data.map((m) => (m._id === fresh._id ? fresh : m)) })) } : data,
  );
  void qc.invalidateQueries({ queryKey: messageKeys.unread() });
}

/** Mark a message read (opening it). */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<AdminMessageAnswer>(`/api/admin/messages/${id}/read`, { method: "POST" }),
    onSuccess: (res) => storeMessage(qc, res.data),
  });
}

/** Send a reply (e-mailed to the sender); answers the message with its replies. */
export function useReply(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminReplyBody) => api<AdminMessageAnswer>(`/api/admin/messages/${id}/reply`, { method: "POST", body }),
    onSuccess: (res) => storeMessage(qc, res.data),
  });
}
