import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { SearchSuggestion } from "@vela/shared/api";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { blogPostHref, PATHS, productHref, searchHref } from "../../lib/routes.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { SearchIcon } from "./search-icons.tsx";
import { searchSuggestQuery, searchWords } from "./search-query.ts";
import "./search.css";

/** How long typing pauses before the suggestions are asked for. */
const SUGGEST_DELAY_MS = 150;

const hrefOf = (s: SearchSuggestion): string =>
  s.kind === "product" ? productHref(s.handle) : blogPostHref(s.handle);

function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The header's search: a combobox whose suggestions (products, then posts) follow the typing
 * (ARIA's combobox with a listbox popup: arrows move through them, Enter opens the one chosen or
 * searches the words, Escape closes the list, then empties the box). Enter leads to /search?q=,
 * which is also where the form goes before the page's script runs. On a phone the box hides behind
 * a button (search.css), a link to /search until the script runs.
 */
export function HeaderSearch() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const onResults = pathname === PATHS.search;
  const urlWords = onResults ? searchWords(params.get("q")) : "";
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const formId = `${id}-form`;
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLAnchorElement>(null);

  const [text, setText] = useState(urlWords);
  const [open, setOpen] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // The results page's words show in the box; leaving it keeps what was typed.
  useEffect(() => {
    if (onResults) setText(urlWords);
  }, [onResults, urlWords]);

  const typed = searchWords(text);
  const settled = useSettled(typed, SUGGEST_DELAY_MS);
  const suggestions = useQuery({
    ...searchSuggestQuery({ trpc }, settled, locale),
    enabled: listOpen && settled.length > 0,
    placeholderData: keepPreviousData,
  });
  const items = typed && listOpen ? (suggestions.data?.suggestions ?? []) : [];
  const expanded = items.length > 0;
  const optionId = (i: number) => `${listId}-${i}`;

  const close = () => {
    setListOpen(false);
    setActive(-1);
  };
  const go = (href: string) => {
    close();
    setOpen(false);
    navigate(href);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const chosen = active >= 0 ? items[active] : undefined;
    if (chosen) go(hrefOf(chosen));
    else if (typed) go(searchHref(typed));
    else input.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!listOpen) {
        setListOpen(true);
        return;
      }
      if (!items.length) return;
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((a) =>
        a < 0 ? (step > 0 ? 0 : items.length - 1) : (a + step + items.length) % items.length,
      );
    } else if (e.key === "Escape") {
      e.preventDefault();
      if (expanded) close();
      else if (text) setText("");
      else if (open) {
        setOpen(false);
        toggle.current?.focus();
      }
    }
  };

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  return (
    <div className="header-search" data-open={open ? "true" : "false"}>
      <Link
        ref={toggle}
        to={PATHS.search}
        className="header-search-toggle"
        aria-expanded={open}
        aria-controls={formId}
        onClick={(e) => {
          e.preventDefault();
          setOpen((o) => !o);
        }}
      >
        <SearchIcon />
        <span className="visually-hidden">{open ? t("search.close") : t("search.open")}</span>
      </Link>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is new enough that jsdom (and older browsers) do not know it. */}
      <form
        id={formId}
        role="search"
        aria-label={t("search.label")}
        action={PATHS.search}
        method="get"
        onSubmit={onSubmit}
        className="header-search-form"
      >
        <label htmlFor={inputId} className="visually-hidden">
          {t("search.label")}
        </label>
        <input
          ref={input}
          id={inputId}
          name="q"
          type="text"
          inputMode="search"
          enterKeyHint="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          placeholder={t("search.placeholder")}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setListOpen(true);
            setActive(-1);
          }}
          onFocus={() => setListOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="header-search-submit">
          <SearchIcon />
          <span className="visually-hidden">{t("search.submit")}</span>
        </button>
        <div
          id={listId}
          role="listbox"
          aria-label={t("search.suggestions")}
          className="header-search-list"
          hidden={!expanded}
        >
          {items.map((s, i) => (
            // The input keeps focus and the keyboard (aria-activedescendant): an option is never
            // focused itself, and a click picks it.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys for its options.
            // biome-ignore lint/a11y/useFocusableInteractive: aria-activedescendant points at the option; focus stays in the input.
            <div
              key={`${s.kind}:${s.handle}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className="header-search-option"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => go(hrefOf(s))}
            >
              <span className="header-search-option-title">{s.title}</span>{" "}
              <span className="header-search-option-kind">{t(`search.kind.${s.kind}`)}</span>
            </div>
          ))}
        </div>
      </form>
    </div>
  );
}
