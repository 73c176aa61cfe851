/** The admin's synonym groups of the search (ADR 0206): GET, POST, PUT, DELETE /api/admin/search/synonyms. */
import type { MessageAnswer, SynonymGroup } from "@market/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

const synonymsQuery = queryOptions({
  queryKey: ["admin", "search-synonyms"] as const,
  queryFn: ({ signal }) => api<{ data: SynonymGroup[] }>("/api/admin/search/synonyms", { signal }),
});

export function useSynonyms() {
  return useQuery(synonymsQuery);
}

/** Add (no id), replace (an id and terms) or delete (an id, no terms) a group; the list reloads. */
export function useSaveSynonyms() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, terms }: { id?: string; terms?: string[] }) =>
      !id
        ? api<MessageAnswer>("/api/admin/search/synonyms", { method: "POST", body: { terms } })
        : terms
          ? api<MessageAnswer>(`/api/admin/search/synonyms/${id}`, { method: "PUT", body: { terms } })
          : api<MessageAnswer>(`/api/admin/search/synonyms/${id}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: synonymsQuery.queryKey }),
  });
}
