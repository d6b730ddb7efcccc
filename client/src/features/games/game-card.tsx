import type { GameItem } from "@vela/shared";
import { useI18n } from "../../lib/i18n.tsx";
import { PlatformIcon } from "./platform-icon.tsx";

/** One game of the results: cover, name, year and platforms (spec 001 §5). */
export function GameCard({ game, inFirstScreen }: { game: GameItem; inFirstScreen: boolean }) {
  const { t } = useI18n();
  return (
    <li className="tile-card game-card">
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
