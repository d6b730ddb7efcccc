import { parseRichText, type RichNode } from "@vela/shared";
import { createElement, Fragment, type ReactNode, useMemo } from "react";

function render(nodes: RichNode[], prefix: string): ReactNode[] {
  return nodes.map((node, i) => {
    const key = `${prefix}${i}`;
    if (node.kind === "text") return <Fragment key={key}>{node.text}</Fragment>;
    if (node.kind === "br") return <br key={key} />;
    const children = render(node.children, `${key}.`);
    if (node.tag === "a") {
      const external = node.href?.startsWith("https:");
      return (
        <a key={key} href={node.href} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
          {children}
        </a>
      );
    }
    return createElement(node.tag, { key }, ...children);
  });
}

/** Markup from our data (a small safe subset, see @vela/shared rich-text) as React elements. */
export function RichText({
  html,
  as = "div",
  className,
}: {
  html: string;
  as?: "div" | "span";
  className?: string;
}) {
  const nodes = useMemo(() => parseRichText(html), [html]);
  return createElement(as, { className }, ...render(nodes, ""));
}
