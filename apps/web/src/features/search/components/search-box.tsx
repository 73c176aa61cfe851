/**
 * The header's search box on every storefront page (ADR 0205): a plain GET form to /search, so it
 * works before the app starts and without JavaScript; once the app runs, suggestions appear from
 * the second letter as an ARIA 1.2 combobox (a text input with a list popup: arrow keys move
 * through the options, Enter opens the active one or, with none, the results page, Escape closes).
 * Our own small combobox rather than Mantine's, which brings floating-ui onto every page's first
 * load (ADR 0051). What fetches the suggestions loads on the first focus or keystroke (ADR 0214).
 */
import { SEARCH_QUERY_MAX } from "@market/contract";
import { IconSearch } from "@tabler/icons-react";
import { type FormEvent, type KeyboardEvent, lazy, Suspense, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import classes from "../../../components/search-box.module.css";
import type { Suggestion } from "./search-suggestions";

const SearchSuggestions = lazy(() => import("./search-suggestions"));

export function SearchBox() {
  const location = useLocation();
  const onSearchPage = location.pathname === "/search";
  const current = onSearchPage ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  // Remounted with each search page's query (the field shows what the page shows).
  return <Box key={current} initial={current} />;
}

function Box({ initial }: { initial: string }) {
  const navigate = useNavigate();
  // One header per page: a fixed id.
  const listId = "search-suggestions";
  const [value, setValue] = useState(initial);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The suggestions for what is in the box, while it is open (SearchSuggestions hands them over).
  const [found, setFound] = useState<Suggestion[]>([]);
  const options = open && value.trim().length >= 2 ? found : [];
  const expanded = options.length > 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const go = (url: string) => {
    close();
    navigate(url);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const option = expanded && active >= 0 ? options[active] : undefined;
    if (option) return go(option.url);
    go(`/search?${new URLSearchParams({ q: value.trim() })}`);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setOpen(true);
      if (options.length) setActive((a) => (a + 1) % options.length);
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      if (options.length) setActive((a) => (a <= 0 ? options.length - 1 : a - 1));
    } else if (e.key === "Escape") {
      if (expanded) e.preventDefault();
      close();
    }
  };

  return (
    <form role="search" method="get" action="/search" className={classes.form} onSubmit={onSubmit}>
      <div className={classes.field}>
        <input
          type="search"
          name="q"
          className={classes.input}
          placeholder="Search products and services"
          aria-label="Search products and services"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          maxLength={SEARCH_QUERY_MAX}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={close}
        />
        <div id={listId} role="listbox" aria-label="Suggestions" className={classes.list} hidden={!expanded}>
          {options.map((o, i) => (
            // The input keeps the focus and names the active option (aria-activedescendant, the combobox
            // pattern): the options are not focusable, and the keys are the input's.
            // biome-ignore lint/a11y/useKeyWithClickEvents: see above
            // biome-ignore lint/a11y/useFocusableInteractive: see above
            <div
              key={`${o.type}:${o.url}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={classes.option}
              // Before the input's blur closes the list.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => go(o.url)}
            >
              <span className={classes.optionText}>{o.text}</span>
              <span className={classes.optionType}>{o.type}</span>
            </div>
          ))}
        </div>
      </div>
      {open && (
        <Suspense fallback={null}>
          <SearchSuggestions value={value} onOptions={setFound} />
        </Suspense>
      )}
      <button type="submit" className={classes.submit} aria-label="Search">
        <IconSearch size={18} aria-hidden />
      </button>
    </form>
  );
}
