// The games search input the server validates (spec 001 §4, §5, §9). Apart from games.ts, whose
// constants the games page needs without zod.
import { z } from "zod";
import { isSingleLineText } from "../text-rules.ts";
import {
  GAME_GENRES,
  GAME_PLATFORMS,
  GAME_SORTS,
  GAMES_PAGE_MAX,
  GAMES_PAGE_SIZE_MAX,
  GAMES_QUERY_MAX,
} from "./games.ts";

const list = <T extends readonly [string, ...string[]]>(values: T, name: string) =>
  z
    .array(z.enum(values, { error: `${name} must be among ${values.join(", ")}` }))
    .max(values.length)
    .transform((v) => [...new Set(v)]);

export const ZGamesSearchInput = z
  .strictObject({
    q: z
      .string()
      .trim()
      .max(GAMES_QUERY_MAX, `q must be at most ${GAMES_QUERY_MAX} characters`)
      .refine(isSingleLineText, "q must not contain control or direction-override characters")
      .optional(),
    platforms: list(GAME_PLATFORMS, "platform").optional(),
    genres: list(GAME_GENRES, "genre").optional(),
    sort: z
      .literal(
        GAME_SORTS.map((s) => s.value),
        { error: "sort must be 1, 2 or 3" },
      )
      .optional(),
    page: z
      .number({ error: "page must be a whole number from 1" })
      .int("page must be a whole number from 1")
      .min(1, "page must be a whole number from 1")
      .max(GAMES_PAGE_MAX, `page must be at most ${GAMES_PAGE_MAX}`)
      .optional(),
    pageSize: z
      .number({ error: `pageSize must be a whole number from 1 to ${GAMES_PAGE_SIZE_MAX}` })
      .int(`pageSize must be a whole number from 1 to ${GAMES_PAGE_SIZE_MAX}`)
      .min(1, `pageSize must be a whole number from 1 to ${GAMES_PAGE_SIZE_MAX}`)
      .max(GAMES_PAGE_SIZE_MAX, `pageSize must be a whole number from 1 to ${GAMES_PAGE_SIZE_MAX}`)
      .optional(),
  })
  .optional();
export type GamesSearchInput = z.infer<typeof ZGamesSearchInput>;
