// HTML the server stored beside a text's markdown (blog posts, release notes), shown as it is: the
// server rendered and sanitised it when the text was saved (server/src/content/markdown.ts, ADR
// 017), so neither the browser nor the server renderer parses markdown or needs a sanitiser.
import "./markdown.css";

export function StoredHtml({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={["markdown", className].filter(Boolean).join(" ")}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on save by the server (renderForStorage), stored and served as it is.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
