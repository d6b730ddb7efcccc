import { GAMES_QUERY_MAX, GAMES_SEARCH_DEBOUNCE_MS } from "@vela/shared";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useI18n } from "../../lib/i18n.tsx";
import { Button } from "../../ui/button.tsx";

/**
 * The search input (debounced by 300 ms, spec 001 §5), its Search button for searching at once,
 * and the four trending suggestions.
 */
export function SearchBox({
  value,
  onCommit,
  trending,
}: {
  value: string;
  onCommit(q: string): void;
  trending: string[];
}) {
  const { t } = useI18n();
  const id = useId();
  const [draft, setDraft] = useState(value);
  const committed = useRef(value);
  const commit = useRef(onCommit);
  commit.current = onCommit;

  // The URL moved by itself (back, forward, Reset, a suggestion): the box shows it.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setDraft(value);
    }
  }, [value]);

  useEffect(() => {
    if (draft === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = draft;
      commit.current(draft);
    }, GAMES_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  const now = (q: string) => {
    setDraft(q);
    committed.current = q;
    commit.current(q);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    now(draft);
  };

  return (
    // Named: the header's store search is a search landmark on the same page.
    // biome-ignore lint/a11y/useSemanticElements: <search> is new enough that jsdom (and older browsers) do not know it.
    <div className="games-search" role="search" aria-label={t("games.search")}>
      <form onSubmit={onSubmit}>
        <label htmlFor={id}>{t("games.search")}</label>
        <div className="games-search-row">
          {/* biome-ignore lint/a11y/useSemanticElements: type="search" brings the browser's own clear button beside the store's (two "×"), and no CSS hides it in every browser. */}
          <input
            id={id}
            type="text"
            name="q"
            role="searchbox"
            enterKeyHint="search"
            value={draft}
            maxLength={GAMES_QUERY_MAX}
            placeholder={t("games.searchPlaceholder")}
            autoComplete="off"
            onChange={(e) => setDraft(e.target.value)}
          />
          {draft ? (
            <Button variant="secondary" onClick={() => now("")} aria-label={t("games.clearSearch")}>
              <span aria-hidden="true">×</span>
            </Button>
          ) : null}
          {/* Searching at once, without waiting for the pause: with the keyboard (Enter) or a click,
              and without script the form's GET (q) asks the server for the results page. */}
          <Button type="submit">{t("games.searchSubmit")}</Button>
        </div>
      </form>
      {trending.length ? (
        <div className="games-trending">
          <span id={`${id}-trending`}>{t("games.trending")}</span>
          <ul aria-labelledby={`${id}-trending`}>
            {trending.map((name) => (
              <li key={name}>
                <button
                  type="button"
                  className="games-suggestion"
                  aria-label={t("games.trendingSearch", { name })}
                  onClick={() => now(name)}
                >
                  {name}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
