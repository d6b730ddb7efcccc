import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { BRAND, GAMES_DESKTOP_MIN_PX, GAMES_DIALOG_BELOW_PX, type GameFilterGroup } from "@vela/shared";
import { useCallback, useRef } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { PATHS } from "../../lib/routes.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { ErrorBox } from "../../ui/error-box.tsx";
import { NeedsScript } from "../../ui/needs-script.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { useMediaQuery } from "../../ui/use-reduced-motion.ts";
import { FilterDialog } from "./filter-dialog.tsx";
import { FilterGroups } from "./filter-groups.tsx";
import { GameCard } from "./game-card.tsx";
import { gamesSearchQuery, gamesTrendingQuery } from "./games-query.ts";
import { type GamesState, gamesQuery, readGamesState, toggleOption } from "./games-url.ts";
import { GamesPagination } from "./pagination.tsx";
import "./games.css";
import { PageMeta } from "../../ui/seo/page-meta.tsx";
import { SearchBox } from "./search-box.tsx";
import { SortPopover } from "./sort-popover.tsx";

type GroupId = GameFilterGroup["id"];

/** Cards in the first screen (one row on a desktop, two on a phone): their covers load at once. */
const FIRST_SCREEN_CARDS = 4;

/**
 * The games search page (spec 001 §2, §4, §5, §9). Everything it shows follows the URL: typing
 * (after 300 ms), a chip, Reset all, the sort and the pages each write a new history entry, so
 * back and forward step through searches and a shared link opens the same view.
 */
export function GamesPage() {
  const { t, tn } = useI18n();
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
      withReset={!phone}
    />
  ) : null;

  return (
    <div className={["games-page", desktop ? "games-desktop" : "games-compact"].join(" ")}>
      <PageMeta
        title={t("games.nav")}
        description={t("seo.games", { brand: BRAND.name })}
        path={PATHS.games}
      />
      <h1>{t("games.title")}</h1>
      <p className="lead">{t("games.intro")}</p>
      <SearchBox value={state.q} onCommit={commitText} trending={trending.data?.names ?? []} />
      <NeedsScript text={t("noScript.games")} />
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
                {data ? tn("games.results", data.total, { count: data.total }) : ""}
              </p>
              {/* Its button is in every page and shown only under 768 px (games.css), so the page
                  the server renders before it knows the width has it where a phone will. */}
              {data ? (
                <FilterDialog active={active} total={data.total} onReset={reset}>
                  {phone ? filters : null}
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
