import { describe, expect, it } from "vitest";
import { renderMarkdown, sanitizeHtml } from "./markdown.tsx";

/** Known XSS payloads, as raw HTML inside markdown and as markdown links and images. */
const XSS_PAYLOADS = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//evil.test/x.js></SCRIPT>",
  "<img src=x onerror=alert(1)>",
  '<img src="x" onerror="alert(1)"//',
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  "<body onload=alert(1)>",
  '<div onclick="alert(1)">click</div>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  "[click](javascript:alert(1))",
  "[click](JAVASCRIPT:alert(1))",
  "[click](&#106;avascript:alert(1))",
  "[click](javascript&#58;alert(1))",
  '[click](javascript:alert(1) "title")',
  "![x](javascript:alert(1))",
  "[x](vbscript:msgbox(1))",
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  "<style>@import 'javascript:alert(1)';</style>",
  '<p style="background:url(javascript:alert(1))">x</p>',
  "<details open ontoggle=alert(1)>",
  "<input autofocus onfocus=alert(1)>",
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<a href="#" onmouseover="alert(1)">x</a>',
  "<video><source onerror=alert(1)></video>",
  '<img src="x" srcset="javascript:alert(1)">',
  "`<script>alert(1)</script>`",
  "```html\n<script>alert(1)</script>\n```",
  "<<script>script>alert(1)<</script>/script>",
  '<a href="https://ok.test/" target="_self" onclick="alert(1)">x</a>',
] as const;

const DANGEROUS_TAGS = [
  "script",
  "iframe",
  "object",
  "embed",
  "style",
  "form",
  "base",
  "meta",
  "link",
  "svg",
];
const URL_ATTRS = ["href", "src", "action", "formaction", "xlink:href", "data", "srcset", "poster"];

/** Every way the sanitised HTML could still run code, as a list of findings. */
function findings(html: string): string[] {
  const template = document.createElement("template");
  template.innerHTML = html;
  const found: string[] = [];
  for (const el of template.content.querySelectorAll("*")) {
    const tag = el.tagName.toLowerCase();
    if (DANGEROUS_TAGS.includes(tag)) found.push(`<${tag}>`);
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      if (name.startsWith("on")) found.push(`${tag}[${name}]`);
      if (name === "style" || name === "srcdoc") found.push(`${tag}[${name}]`);
      if (URL_ATTRS.includes(name)) {
        // Browsers ignore whitespace and control characters inside a scheme.
        const value = [...attr.value]
          .filter((c) => c.trim() !== "" && c.charCodeAt(0) > 0x1f)
          .join("")
          .toLowerCase();
        if (/^(javascript|vbscript|data:text\/html)/.test(value)) found.push(`${tag}[${name}=${attr.value}]`);
      }
    }
  }
  return found;
}

describe("renderMarkdown", () => {
  it("renders the headings, lists, links, code and tables of the release notes", () => {
    const html = renderMarkdown(
      [
        "## What's new",
        "",
        "- One",
        "- Two",
        "",
        "### Versions",
        "",
        "| Component | Version |",
        "| --- | --- |",
        "| Firmware | `1.3.0` |",
        "",
        "Read the [guide](https://academy.vela.test/x).",
      ].join("\n"),
    );
    const t = document.createElement("template");
    t.innerHTML = html;
    const doc = t.content;
    expect(doc.querySelector("h2")?.textContent).toBe("What's new");
    expect(doc.querySelector("h3")?.textContent).toBe("Versions");
    expect([...doc.querySelectorAll("ul > li")].map((li) => li.textContent)).toEqual(["One", "Two"]);
    expect(doc.querySelector("table td code")?.textContent).toBe("1.3.0");
    expect(doc.querySelectorAll("table th")).toHaveLength(2);
    const link = doc.querySelector("a");
    expect(link?.getAttribute("href")).toBe("https://academy.vela.test/x");
    // A link that leaves the site opens a new window without window.opener.
    expect(link?.getAttribute("target")).toBe("_blank");
    expect(link?.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("keeps relative links in the same window", () => {
    const t = document.createElement("template");
    t.innerHTML = renderMarkdown("[blog](/blog)");
    expect(t.content.querySelector("a")?.getAttribute("href")).toBe("/blog");
    expect(t.content.querySelector("a")?.hasAttribute("target")).toBe(false);
  });

  it.each(XSS_PAYLOADS)("leaves nothing that runs of %s", (payload) => {
    for (const source of [payload, `## Title\n\n${payload}\n\n- item`, `- ${payload}`]) {
      expect(findings(renderMarkdown(source)), source).toEqual([]);
      expect(findings(sanitizeHtml(source)), source).toEqual([]);
    }
  });

  it("the checker itself sees what it must see", () => {
    expect(
      findings('<img src=x onerror="alert(1)"><a href=" java\tscript:x">y</a><script></script>'),
    ).toEqual(["img[onerror]", "a[href= java\tscript:x]", "<script>"]);
  });

  it("shows text it cannot parse as text, never as markup", () => {
    expect(renderMarkdown("plain <b>bold</b>")).toContain("<b>bold</b>");
    expect(renderMarkdown("")).toBe("");
  });
});
