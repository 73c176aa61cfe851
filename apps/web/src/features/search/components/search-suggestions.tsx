/**
 * Where the header's search box gets its suggestions (GET /api/search/suggest, ADR 0205): loaded
 * when the box is first focused or typed in (ADR 0214), so a page's first load carries only the
 * plain form. It asks once typing pauses (a request per pause, not per key) and hands the box the
 * suggestions for what is in it now; the box draws them and owns the keys. Draws nothing itself.
 */
import type { SuggestAnswer } from "@market/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { suggestQuery } from "../api/search";

export type Suggestion = SuggestAnswer["data"]["suggestions"][number];

const NONE: Suggestion[] = [];

export default function SearchSuggestions({ value, onOptions }: { value: string; onOptions: (options: Suggestion[]) => void }) {
  // What was typed, once typing pauses.
  const [typed, setTyped] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setTyped(value), 120);
    return () => clearTimeout(t);
  }, [value]);
  const suggestions = useQuery({ ...suggestQuery(typed.trim()), enabled: typed.trim().length >= 2 });
  const options = value.trim().length >= 2 ? (suggestions.data?.data.suggestions ?? NONE) : NONE;
  useEffect(() => onOptions(options), [options, onOptions]);
  // Closed (unmounted): no list.
  useEffect(() => () => onOptions(NONE), [onOptions]);
  return null;
}
