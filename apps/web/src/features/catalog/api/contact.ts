/** Send the contact form (spec §2 contact page): POST /api/contact, answers the thank-you text. */
import type { ContactAnswer, ContactBody } from "@market/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export function useSendContact() {
  return useMutation({
    mutationFn: (body: ContactBody) => api<ContactAnswer>("/api/contact", { method: "POST", body }),
  });
}
