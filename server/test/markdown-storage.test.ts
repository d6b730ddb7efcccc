// The markdown renderer and sanitiser that runs when a blog post or a release note is saved
// (server/src/content/markdown.ts). Its HTML is stored and served as it is, so nothing it lets
// through may run, embed, submit or restyle. The output is read back with parse5, the HTML parser
// of the standard (foreign content, raw-text elements and all), as a browser would read it.
import { Lexer } from "marked";
import { type DefaultTreeAdapterMap, parseFragment } from "parse5";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderForStorage, sanitizeForStorage } from "../src/content/markdown.ts";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

/** Known XSS payloads, as raw HTML inside markdown and as markdown links and images. */
const XSS_PAYLOADS = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//evil.test/x.js></SCRIPT>",
  "<img src=x onerror=alert(1)>",
  '<img src="x" onerror="alert(1)"//',
  "<IMG SRC=x ONERROR=alert(1)>",
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  "<body onload=alert(1)>",
  '<div onclick="alert(1)">click</div>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="java\nscript:alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<A HREF="JAVASCRIPT:alert(1)">x</A>',
  "[click](javascript:alert(1))",
  "[click](JAVASCRIPT:alert(1))",
  "[click](&#106;avascript:alert(1))",
  "[click](javascript&#58;alert(1))",
  '[click](javascript:alert(1) "title")',
  "[click](<javascript:alert(1)>)",
  "![x](javascript:alert(1))",
  "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
  "[x](vbscript:msgbox(1))",
  "[x]: javascript:alert(1)\n\n[link][x]",
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
  "<select><option>x</option></select><textarea>y</textarea>",
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel="stylesheet" href="https://evil.test/x.css">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  // Namespace confusion: markup that a sanitiser reads one way and the browser, after
  // re-parsing inside <svg> or <math>, another.
  "<svg><style><img src=x onerror=alert(1)></style></svg>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
  '<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src onerror=alert(1)>"></style></h1>',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>",
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  "<template><img src=x onerror=alert(1)></template>",
  '<a href="#" onmouseover="alert(1)">x</a>',
  "<video><source onerror=alert(1)></video>",
  '<img src="x" srcset="javascript:alert(1)">',
  '<p data-action="run" data-x="1">x</p>',
  // Unclosed and malformed tags.
  "<img src=x onerror=alert(1)",
  "<p>unclosed <b>bold <a href=javascript:alert(1)>x",
  "<scr<script>ipt>alert(1)</script>",
  "<<script>script>alert(1)<</script>/script>",
  // Comments and things browsers read as comments, with payloads.
  "<!-- <img src=x onerror=alert(1)> -->",
  "<!--><img src=x onerror=alert(1)>-->",
  "<!-- --!><img src=x onerror=alert(1)>-->",
  "<![CDATA[<img src=x onerror=alert(1)>]]>",
  "<?xml version='1.0'?><img src=x onerror=alert(1)>",
  "`<script>alert(1)</script>`",
  "```html\n<script>alert(1)</script>\n```",
  '<a href="https://ok.test/" target="_self" onclick="alert(1)">x</a>',
] as const;

const DANGEROUS_TAGS = [
  "script",
  "iframe",
  "object",
  "embed",
  "style",
  "form",
  "input",
  "button",
  "textarea",
  "select",
  "base",
  "meta",
  "link",
  "svg",
  "math",
  "template",
  "noscript",
];
const URL_ATTRS = ["href", "src", "action", "formaction", "xlink:href", "data", "srcset", "poster", "cite"];

/** Every element of a fragment, read as a browser reads it (template contents included). */
function elementsOf(html: string): Element[] {
  const found: Element[] = [];
  const walk = (node: Node) => {
    if ("tagName" in node) found.push(node);
    if ("content" in node && node.content) walk(node.content as unknown as Node);
    if ("childNodes" in node) for (const child of node.childNodes) walk(child);
  };
  walk(parseFragment(html) as unknown as Node);
  return found;
}

const attrOf = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;
const textOf = (node: Node): string =>
  "value" in node && node.nodeName === "#text"
    ? node.value
    : "childNodes" in node
      ? node.childNodes.map(textOf).join("")
      : "";

/** Every way the sanitised HTML could still run code, embed, submit or restyle, as a list of findings. */
function findings(html: string): string[] {
  const found: string[] = [];
  for (const el of elementsOf(html)) {
    const tag = el.tagName.toLowerCase();
    if (DANGEROUS_TAGS.includes(tag)) found.push(`<${tag}>`);
    if (el.namespaceURI !== "http://www.w3.org/1999/xhtml") found.push(`<${tag}> in ${el.namespaceURI}`);
    for (const attr of el.attrs) {
      const name = (attr.prefix ? `${attr.prefix}:${attr.name}` : attr.name).toLowerCase();
      if (name.startsWith("on")) found.push(`${tag}[${name}]`);
      if (
        ["style", "srcdoc", "srcset", "formaction", "id", "name"].includes(name) ||
        name.startsWith("data-")
      )
        found.push(`${tag}[${name}]`);
      if (URL_ATTRS.includes(name)) {
        // Browsers ignore whitespace and control characters inside a scheme.
        const value = [...attr.value]
          .filter((c) => c.trim() !== "" && c.charCodeAt(0) > 0x1f)
          .join("")
          .toLowerCase();
        if (/^(javascript|vbscript|data):/.test(value)) found.push(`${tag}[${name}=${attr.value}]`);
      }
    }
  }
  return found;
}

afterEach(() => vi.restoreAllMocks());

describe("renderForStorage", () => {
  it("renders the headings, lists, links, code and tables of the release notes", () => {
    const html = renderForStorage(
      [
        "## What's new",
        "",
        "- One",
        "- Two",
        "",
        "### Versions",
        "",
        "| Component | Version |",
        "| :-- | --: |",
        "| Firmware | `1.3.0` |",
        "",
        "Read the [guide](https://academy.vela.test/x).",
        "",
        "```sh",
        "vela update",
        "```",
      ].join("\n"),
    );
    const els = elementsOf(html);
    const first = (tag: string) => els.find((e) => e.tagName === tag);
    expect(textOf(first("h2") as Node)).toBe("What's new");
    expect(textOf(first("h3") as Node)).toBe("Versions");
    expect(els.filter((e) => e.tagName === "li").map((li) => textOf(li))).toEqual(["One", "Two"]);
    expect(els.filter((e) => e.tagName === "th")).toHaveLength(2);
    expect(els.filter((e) => e.tagName === "td").map((td) => attrOf(td, "align"))).toEqual(["left", "right"]);
    expect(html).toContain('<td align="left">Firmware</td>');
    expect(html).toContain("<code>1.3.0</code>");
    expect(html).toContain('<code class="language-sh">vela update\n</code>');
    const link = first("a") as Element;
    expect(attrOf(link, "href")).toBe("https://academy.vela.test/x");
    // A link that leaves the site opens a new window without window.opener.
    expect(attrOf(link, "target")).toBe("_blank");
    expect(attrOf(link, "rel")).toBe("noopener noreferrer");
  });

  it("moves headings down by the offset, never past h6", () => {
    const tags = elementsOf(renderForStorage("# One\n\n## Two\n\n###### Six", { headingOffset: 1 })).map(
      (e) => e.tagName,
    );
    expect(tags).toEqual(["h2", "h3", "h6"]);
    expect(elementsOf(renderForStorage("## Two")).map((e) => e.tagName)).toEqual(["h2"]);
  });

  it("keeps relative and mailto links in the same window, and drops a target or rel the text set", () => {
    for (const [source, href] of [
      ["[blog](/blog)", "/blog"],
      ["[top](#top)", "#top"],
      ["[mail](mailto:press@vela.test)", "mailto:press@vela.test"],
      ['<a href="/blog" target="_blank" rel="opener">blog</a>', "/blog"],
    ] as const) {
      const a = elementsOf(renderForStorage(source)).find((e) => e.tagName === "a") as Element;
      expect(attrOf(a, "href"), source).toBe(href);
      expect(attrOf(a, "target"), source).toBeUndefined();
      expect(attrOf(a, "rel"), source).toBeUndefined();
    }
    const away = elementsOf(renderForStorage('<a href="https://ok.test/" target="_self" rel="opener">x</a>'));
    expect(away.find((e) => e.tagName === "a")?.attrs).toEqual([
      { name: "href", value: "https://ok.test/" },
      { name: "target", value: "_blank" },
      { name: "rel", value: "noopener noreferrer" },
    ]);
  });

  it.each(XSS_PAYLOADS)("leaves nothing that runs of %s", (payload) => {
    for (const source of [payload, `## Title\n\n${payload}\n\n- item`, `- ${payload}`]) {
      for (const html of [renderForStorage(source), renderForStorage(source, { headingOffset: 1 })]) {
        expect(findings(html), source).toEqual([]);
        // Sanitising the stored HTML again changes nothing: no markup that reads differently
        // the second time it is parsed.
        expect(sanitizeForStorage(html), source).toBe(html);
      }
      expect(findings(sanitizeForStorage(source)), source).toEqual([]);
    }
  });

  it("the checker itself sees what it must see", () => {
    expect(
      findings(
        '<img src=x onerror="alert(1)"><a href=" java\tscript:x">y</a><script></script><p data-x=1 style="x">p</p><svg><a xlink:href="javascript:x"></a></svg>',
      ),
    ).toEqual([
      "img[onerror]",
      "a[href= java\tscript:x]",
      "<script>",
      "p[data-x]",
      "p[style]",
      "<svg>",
      "<svg> in http://www.w3.org/2000/svg",
      "<a> in http://www.w3.org/2000/svg",
      "a[xlink:href=javascript:x]",
    ]);
  });

  it("drops what embeds, submits or restyles, keeping the text around it", () => {
    expect(renderForStorage("before <button>press</button> after")).toBe("<p>before press after</p>\n");
    expect(renderForStorage('<p style="color:red" class="x">red</p>')).toBe("<p>red</p>");
    // A GFM task list's checkbox is an <input>: the item stays, the box goes.
    expect(renderForStorage("- [x] done")).toBe("<ul>\n<li> done</li>\n</ul>\n");
    expect(renderForStorage("![alt](data:image/png;base64,AAAA)")).toBe('<p><img alt="alt" /></p>\n');
    expect(renderForStorage("![alt](/media/a.png)")).toBe('<p><img src="/media/a.png" alt="alt" /></p>\n');
  });

  it("shows raw HTML markup it allows, and text it cannot parse as text, never as markup", () => {
    expect(renderForStorage("plain <b>bold</b>")).toContain("<b>bold</b>");
    expect(renderForStorage("")).toBe("");
    expect(renderForStorage("1 < 2 & 3 > 2")).toBe("<p>1 &lt; 2 &amp; 3 &gt; 2</p>\n");
    // marked reads any text; should it ever throw, the text is kept, escaped, in one paragraph.
    vi.spyOn(Lexer, "lex").mockImplementation(() => {
      throw new Error("cannot read");
    });
    expect(renderForStorage('<img src=x onerror="alert(1)"> & "quotes"')).toBe(
      '<p>&lt;img src=x onerror="alert(1)"&gt; &amp; "quotes"</p>',
    );
  });
});
