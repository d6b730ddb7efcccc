// A post's state as a coloured badge with its name in the reader's language.
import { useAdminText } from "../../../lib/admin/text.ts";
import { Badge, type BadgeTone } from "../../../ui/badge.tsx";
import type { BlogState } from "./use-blog.ts";

const TONES: Record<BlogState, BadgeTone> = { PUBLISHED: "success", SCHEDULED: "warning", DRAFT: "info" };

export function StateBadge({ state }: { state: BlogState }) {
  const { tKey } = useAdminText();
  return <Badge tone={TONES[state]}>{tKey(`admin.blog.state.${state}`)}</Badge>;
}
