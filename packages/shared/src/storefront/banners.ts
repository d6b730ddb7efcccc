// Banner slides (spec 000 §3): image, imageMD, imageXL, alt, title, titleHtml, description,
// descriptionHtml, icon, links (link, linkText, target). titleHtml and descriptionHtml use the
// small rich-text subset of rich-text.ts.
import { BRAND, handle } from "../brand.ts";

const LUMA_PRO_PAGE = `/products/${handle("luma-pro-xr-glasses")}`;

export interface BannerLink {
  link: string;
  linkText: string;
  target: "_self" | "_blank";
}

export interface BannerSlide {
  image: string;
  imageMD: string;
  imageXL: string;
  alt: string;
  title: string;
  titleHtml: string;
  description: string;
  descriptionHtml: string;
  icon: string;
  links: BannerLink[];
}

export type BannerLanguage = "en-US" | "ja-JP";

const img = (name: string) => ({
  image: `/images/banners/${name}-sm.svg`,
  imageMD: `/images/banners/${name}-md.svg`,
  imageXL: `/images/banners/${name}-xl.svg`,
});

/** The background slider of the products page (autoplay 5 s). */
export const HERO_SLIDES: Record<BannerLanguage, BannerSlide[]> = {
  "en-US": [
    {
      ...img("luma-pro"),
      alt: `${BRAND.name} Luma Pro XR Glasses on a desk`,
      title: "Luma Pro: brighter, sharper",
      titleHtml: "Luma Pro: <strong>brighter, sharper</strong>",
      description: "A 147-inch screen wherever you are.",
      descriptionHtml: "A 147-inch screen <em>wherever you are</em>.",
      icon: "sparkle",
      links: [{ link: LUMA_PRO_PAGE, linkText: "Shop Luma Pro", target: "_self" }],
    },
    {
      ...img("gaming"),
      alt: "Playing a handheld console with XR glasses",
      title: "Level up your handheld",
      titleHtml: "Level up your <strong>handheld</strong>",
      description: "Gaming packs with a controller from our partner.",
      descriptionHtml: "Gaming packs with a controller from our partner.",
      icon: "gamepad",
      links: [
        { link: "/products?type=packs", linkText: "See the packs", target: "_self" },
        { link: "/compatibility?device=handheld", linkText: "Check compatibility", target: "_self" },
      ],
    },
    {
      ...img("help-me-choose"),
      alt: "A shopper comparing glasses",
      title: "Not sure which pair?",
      titleHtml: "Not sure <em>which pair</em>?",
      description: "Answer two questions and get a suggestion.",
      descriptionHtml: "Answer two questions<br>and get a suggestion.",
      icon: "compass",
      links: [{ link: "/help-me-choose", linkText: "Help Me Choose", target: "_self" }],
    },
  ],
  "ja-JP": [
    {
      ...img("luma-pro"),
      alt: `デスクに置かれた${BRAND.name} Luma Pro XRグラス`,
      title: "Luma Pro：より明るく、より鮮明に",
      titleHtml: "Luma Pro：<strong>より明るく、より鮮明に</strong>",
      description: "どこでも147インチの大画面。",
      descriptionHtml: "<em>どこでも</em>147インチの大画面。",
      icon: "sparkle",
      links: [{ link: LUMA_PRO_PAGE, linkText: "Luma Proを見る", target: "_self" }],
    },
    {
      ...img("gaming"),
      alt: "XRグラスで携帯ゲーム機を遊ぶ様子",
      title: "携帯ゲームをもっと楽しく",
      titleHtml: "携帯ゲームを<strong>もっと楽しく</strong>",
      description: "パートナー製コントローラー付きのゲーミングパック。",
      descriptionHtml: "パートナー製コントローラー付きのゲーミングパック。",
      icon: "gamepad",
      links: [
        { link: "/products?type=packs", linkText: "パックを見る", target: "_self" },
        { link: "/compatibility?device=handheld", linkText: "対応機種を確認", target: "_self" },
      ],
    },
    {
      ...img("help-me-choose"),
      alt: "グラスを見比べる買い物客",
      title: "どれを選べばいい？",
      titleHtml: "<em>どれを</em>選べばいい？",
      description: "2つの質問に答えるだけでおすすめが分かります。",
      descriptionHtml: "2つの質問に答えるだけで<br>おすすめが分かります。",
      icon: "compass",
      links: [{ link: "/help-me-choose", linkText: "製品選びガイド", target: "_self" }],
    },
  ],
};

/** The card slider (autoplay 3 s): the store's helper pages. */
export const CARD_SLIDES: Record<BannerLanguage, BannerSlide[]> = {
  "en-US": [
    card("reviews", "Read the reviews", "What owners say about every pair.", "/reviews", "Read reviews"),
    card(
      "compatibility",
      "Will it work with my device?",
      "Phones, handhelds and laptops.",
      "/compatibility",
      "See compatibility",
    ),
    card("finder", "Help Me Choose", "Find the right glasses in two steps.", "/help-me-choose", "Start"),
    card("contact", "Talk to us", "Orders, products, press and partnerships.", "/contact", "Contact us"),
  ],
  "ja-JP": [
    card("reviews", "レビューを読む", "オーナーの声をチェック。", "/reviews", "レビューを見る"),
    card(
      "compatibility",
      "お使いの機器に対応？",
      "スマートフォン、携帯ゲーム機、ノートPC。",
      "/compatibility",
      "対応機種を見る",
    ),
    card("finder", "製品選びガイド", "2ステップで最適なグラスを。", "/help-me-choose", "はじめる"),
    card("contact", "お問い合わせ", "ご注文・製品についてのご相談。", "/contact", "お問い合わせ"),
  ],
};

function card(name: string, title: string, description: string, link: string, linkText: string): BannerSlide {
  return {
    ...img(`card-${name}`),
    alt: "",
    title,
    titleHtml: title,
    description,
    descriptionHtml: description,
    icon: name,
    links: [{ link, linkText, target: "_self" }],
  };
}

export function bannerLanguage(locale: string): BannerLanguage {
  return locale === "ja-JP" ? "ja-JP" : "en-US";
}
