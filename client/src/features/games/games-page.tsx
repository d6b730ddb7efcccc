import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { MessageKey } from "@vela/i18n";
import {
  GAME_SORTS,
  GAMES_DESKTOP_MIN_PX,
  GAMES_DIALOG_BELOW_PX,
  GAMES_FILTER_COLLAPSED_COUNT,
  GAMES_QUERY_MAX,
  GAMES_SEARCH_DEBOUNCE_MS,
  type GameFilterGroup,
  type GameItem,
  type GameSort,
} from "@vela/shared";
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { PATHS } from "../../lib/routes.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { ErrorBox } from "../../ui/error-box.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { useMediaQuery } from "../../ui/use-reduced-motion.ts";
import { gamesSearchQuery, gamesTrendingQuery } from "./games-query.ts";
import { type GamesState, gamesQuery, readGamesState, toggleOption } from "./games-url.ts";
import { GamesPagination } from "./pagination.tsx";
import { PlatformIcon } from "./platform-icon.tsx";
import "./games.css";

type GroupId = GameFilterGroup["id"];

/** Cards in the first screen (one row on a desktop, two on a phone): their covers load at once. */
const FIRST_SCREEN_CARDS = 4;

/**
 * The games search page (spec 001 §2, §4, §5, §9). Everything it shows follows the URL: typing
 * (after 300 ms), a chip, Reset all, the sort and the pages each write a new history entry, so
 * back and forward step through searches and a shared link opens the same view.
 */
export function GamesPage() {
  const { t } = useI18n();
  usePageTitle(t("games.nav"));
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const state = readGamesState(params);
  const desktop = useMediaQuery(`(min-width: ${GAMES_DESKTOP_MIN_PX}px)`);
  const phone = useMediaQuery(`(max-width: ${GAMES_DIALOG_BELOW_PX - 0.02}px)`);

  const results = useQuery({ ...gamesSearchQuery({ trpc }, state), placeholderData: keepPreviousData });
  const trending = useQuery(gamesTrendingQuery({ trpc }));

  const go = useCallback((next: GamesState) => setParams(gamesQuery(next)), [setParams]);
  const href = (next: GamesState) => {
    const query = gamesQuery(next).toString();
    return query ? `${PATHS.games}?${query}` : PATHS.games;
  };
  const stateRef = useRef(state);
  stateRef.current = state;
  const commitText = useCallback(
    (q: string) => {
      const current = stateRef.current;
      if (q.trim() === current.q.trim()) return;
      go({ ...current, q, page: 1 });
    },
    [go],
  );

  const data = results.data;
  const active = state.platforms.length + state.genres.length;
  const toggle = (group: GroupId, name: string) => go(toggleOption(state, group, name));
  const reset = () => go({ ...state, platforms: [], genres: [], page: 1 });

  const filters = data ? (
    <FilterGroups
      groups={data.filters}
      state={state}
      collapsible={!desktop}
      onToggle={toggle}
      onReset={reset}
      active={active}
    />
  ) : null;

  return (
    <div className={["games-page", desktop ? "games-desktop" : "games-compact"].join(" ")}>
      <h1>{t("games.title")}</h1>
      <p className="lead">{t("games.intro")}</p>
      <SearchBox value={state.q} onCommit={commitText} trending={trending.data?.names ?? []} />
      {/* The trending row comes above the results, in the same request batch: until that first
          answer, nothing is laid out below it, so nothing jumps down when it appears. */}
      {trending.isPending && trending.failureCount === 0 ? (
        <Spinner />
      ) : (
        <div className="games-layout">
          {phone ? null : (
            <aside className="games-filters" aria-label={t("games.filters")}>
              {filters}
            </aside>
          )}
          <section className="games-results" aria-labelledby="games-results-count">
            <div className="games-toolbar">
              <p id="games-results-count" className="games-count" role="status">
                {data
                  ? data.total === 1
                    ? t("games.resultsOne")
                    : t("games.results", { count: data.total })
                  : ""}
              </p>
              {phone && data ? (
                <FilterDialog active={active} total={data.total}>
                  {filters}
                </FilterDialog>
              ) : null}
              <SortPopover sort={state.sort} onChange={(sort) => go({ ...state, sort, page: 1 })} />
            </div>
            {results.isPending ? (
              <Spinner />
            ) : results.isError && !data ? (
              <ErrorBox message={t("games.loadFailed")} onRetry={() => void results.refetch()} />
            ) : data ? (
              <>
                {data.items.length === 0 ? (
                  data.total > 0 ? (
                    <p className="games-empty">
                      {t("games.pageEmpty")}{" "}
                      <Link to={href({ ...state, page: 1 })}>{t("games.firstPage")}</Link>
                    </p>
                  ) : (
                    <p className="games-empty">{t("games.noResults")}</p>
                  )
                ) : (
                  <ul
                    className="games-grid"
                    aria-label={t("games.list")}
                    aria-busy={results.isFetching || undefined}
                  >
                    {data.items.map((g, i) => (
                      <GameCard key={g.slug} game={g} inFirstScreen={i < FIRST_SCREEN_CARDS} />
                    ))}
                  </ul>
                )}
                <GamesPagination
                  page={state.page}
                  pageCount={data.pageCount}
                  hrefFor={(page) => href({ ...state, page })}
                />
              </>
            ) : null}
          </section>
        </div>
      )}
    </div>
  );
}

/** The search input (debounced by 300 ms, spec 001 §5) and the four trending suggestions. */
function SearchBox({
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
    // biome-ignore lint/a11y/useSemanticElements: <search> is new enough that jsdom (and older browsers) do not know it.
    <div className="games-search" role="search">
      <form onSubmit={onSubmit}>
        <label htmlFor={id}>{t("games.search")}</label>
        <div className="games-search-row">
          <input
            id={id}
            type="search"
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

function FilterGroups({
  groups,
  state,
  collapsible,
  onToggle,
  onReset,
  active,
}: {
  groups: GameFilterGroup[];
  state: GamesState;
  collapsible: boolean;
  onToggle(group: GroupId, name: string): void;
  onReset(): void;
  active: number;
}) {
  const { t } = useI18n();
  return (
    <div className="games-groups">
      {groups.map((g) => (
        <FilterGroupView
          key={g.id}
          group={g}
          selected={g.id === "platform" ? state.platforms : state.genres}
          collapsible={collapsible}
          onToggle={(name) => onToggle(g.id, name)}
        />
      ))}
      <Button variant="secondary" className="games-reset" onClick={onReset} disabled={active === 0}>
        {t("games.resetAll")}
      </Button>
    </div>
  );
}

/** One group of checkbox chips with counts; on small screens it starts with five and Show more. */
function FilterGroupView({
  group,
  selected,
  collapsible,
  onToggle,
}: {
  group: GameFilterGroup;
  selected: readonly string[];
  collapsible: boolean;
  onToggle(name: string): void;
}) {
  const { t, tKey } = useI18n();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  // The chips show a click at once; the URL (and so `selected`) follows, and leads on back/forward.
  const [ticked, setTicked] = useState<readonly string[]>(selected);
  const selectedKey = selected.join("\n");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the list.
  useEffect(() => setTicked(selected), [selectedKey]);
  const canCollapse = collapsible && group.list.length > GAMES_FILTER_COLLAPSED_COUNT;
  const shown =
    canCollapse && !expanded
      ? group.list.filter((o, i) => i < GAMES_FILTER_COLLAPSED_COUNT || ticked.includes(o.name))
      : group.list;
  const label = (name: string) => (group.id === "genres" ? tKey(`genre.${name}` as MessageKey) : name);
  return (
    <fieldset className="games-group">
      <legend>{t(group.id === "platform" ? "games.group.platform" : "games.group.genres")}</legend>
      <ul id={listId} className="games-chips">
        {shown.map((o) => {
          const checked = ticked.includes(o.name);
          return (
            <li key={o.name}>
              <label className={checked ? "games-chip games-chip-on" : "games-chip"}>
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={() => {
                    setTicked(checked ? ticked.filter((n) => n !== o.name) : [...ticked, o.name]);
                    onToggle(o.name);
                  }}
                />
                <span>{t("games.option", { name: label(o.name), count: o.count })}</span>
              </label>
            </li>
          );
        })}
      </ul>
      {canCollapse ? (
        <button
          type="button"
          className="btn-link games-more"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? t("games.showLess") : t("games.showMore")}
        </button>
      ) : null}
    </fieldset>
  );
}

/** Under 768 px the filters live in a dialog (spec 001 §9), on native <dialog>. */
function FilterDialog({ active, total, children }: { active: number; total: number; children: ReactNode }) {
  const { t } = useI18n();
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);

  return (
    <>
      <button
        type="button"
        className="btn btn-secondary"
        ref={opener}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {active ? t("games.filtersCount", { count: active }) : t("games.filters")}
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        returnFocusTo={opener}
        className="games-dialog"
        title={t("games.filters")}
        actions={<Button onClick={() => setOpen(false)}>{t("games.showResults", { count: total })}</Button>}
      >
        {children}
      </Dialog>
    </>
  );
}

function SortPopover({ sort, onChange }: { sort: GameSort; onChange(sort: GameSort): void }) {
  const { t, tKey } = useI18n();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const label = (value: GameSort) => tKey(`games.sort.${value}` as MessageKey);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    root.current?.querySelector<HTMLButtonElement>("[aria-pressed=true]")?.focus();
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div className="games-sort" ref={root}>
      <button
        ref={button}
        type="button"
        className="btn btn-secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {t("games.sortBy", { label: label(sort) })}
      </button>
      <div id={panelId} className="games-sort-panel" hidden={!open}>
        <ul aria-label={t("games.sortLabel")}>
          {GAME_SORTS.map((s) => (
            <li key={s.value}>
              <button
                type="button"
                aria-pressed={s.value === sort}
                data-sort={s.value}
                onClick={() => {
                  setOpen(false);
                  button.current?.focus();
                  if (s.value !== sort) onChange(s.value);
                }}
              >
                {label(s.value)}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function GameCard({ game, inFirstScreen }: { game: GameItem; inFirstScreen: boolean }) {
  const { t } = useI18n();
  return (
    <li className="game-card">
      <img
        src={game.img}
        alt=""
        width={300}
        height={400}
        loading={inFirstScreen ? "eager" : "lazy"}
        decoding="async"
      />
      <div className="game-body">
        <h2 className="game-name">{game.name}</h2>
        <p className="game-year">{t("games.released", { year: game.releaseDate.slice(0, 4) })}</p>
        <ul className="game-platforms" aria-label={t("games.platforms")}>
          {game.platform.map((p) => (
            <li key={p} title={p}>
              <PlatformIcon platform={p} />
              <span className="visually-hidden">{p}</span>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}
