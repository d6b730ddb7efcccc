import type { MessageKey } from "@vela/i18n";
import { GAMES_FILTER_COLLAPSED_COUNT, type GameFilterGroup } from "@vela/shared";
import { useEffect, useId, useState } from "react";
import { useI18n } from "../../lib/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import type { GamesState } from "./games-url.ts";

type GroupId = GameFilterGroup["id"];

export function FilterGroups({
  groups,
  state,
  collapsible,
  onToggle,
  onReset,
  active,
  withReset = true,
}: {
  groups: GameFilterGroup[];
  state: GamesState;
  collapsible: boolean;
  onToggle(group: GroupId, name: string): void;
  onReset(): void;
  active: number;
  /** False where the owner shows Reset all itself (the phone's dialog, beside Show N games). */
  withReset?: boolean;
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
      {withReset ? (
        <Button variant="secondary" className="games-reset" onClick={onReset} disabled={active === 0}>
          {t("games.resetAll")}
        </Button>
      ) : null}
    </div>
  );
}

/** One group of checkbox chips with counts; on small screens it starts with five and Show more. */
export function FilterGroupView({
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
  // Every option is in the markup; a collapsed group hides the extra ones with `hidden`, which the
  // wide layout's media query undoes (games.css), so the page the server renders before it knows
  // the screen's width lays out on a desktop as it will once hydrated (no layout shift).
  const folded = (o: { name: string }, i: number) =>
    canCollapse && !expanded && i >= GAMES_FILTER_COLLAPSED_COUNT && !ticked.includes(o.name);
  const label = (name: string) => (group.id === "genres" ? tKey(`genre.${name}` as MessageKey) : name);
  return (
    <fieldset className="games-group">
      <legend>{t(group.id === "platform" ? "games.group.platform" : "games.group.genres")}</legend>
      <ul id={listId} className="games-chips">
        {group.list.map((o, i) => {
          const checked = ticked.includes(o.name);
          return (
            <li key={o.name} hidden={folded(o, i)} className={folded(o, i) ? "games-chip-folded" : undefined}>
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
