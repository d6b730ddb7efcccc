// A product's status as a coloured badge with its name in the reader's language.
import { Badge, type BadgeTone } from "../../../ui/badge.tsx";
import { useProductText } from "./product-text.ts";

const TONES: Record<string, BadgeTone> = { ACTIVE: "success", DRAFT: "info", ARCHIVED: "neutral" };

export function StatusBadge({ status }: { status: string }) {
  const { status: name } = useProductText();
  return <Badge tone={TONES[status] ?? "neutral"}>{name(status)}</Badge>;
}
