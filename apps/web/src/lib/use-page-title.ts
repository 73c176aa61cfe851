import { useEffect } from "react";

/** Set `document.title` to "<title> | Naija Market" while the page is shown. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} | Naija Market`;
  }, [title]);
}
