// The home page's marketing content: texts from the catalogue, media made by the project
// (client/public/media/home: SVG pictures and short WebM clips generated with ffmpeg).
import type { Translate } from "@vela/i18n";
import { PATHS } from "../../lib/routes.ts";
import type { HeroSlide } from "./hero-slider.tsx";
import type { SliderItem } from "./image-slider.tsx";

const M = "/media/home";
const pictures = (name: string) => ({
  image: `${M}/${name}-sm.svg`,
  imageMD: `${M}/${name}-md.svg`,
  imageXL: `${M}/${name}-xl.svg`,
});

/** The top hero slider: an image slide, a video slide, an image slide. */
export function mainHeroSlides(t: Translate): HeroSlide[] {
  return [
    {
      ...pictures("hero-glasses"),
      title: t("homepage.hero1.title"),
      subtitle: t("homepage.hero1.subtitle"),
      buttons: [
        { text: t("homepage.hero1.shop"), link: `${PATHS.products}?type=glasses`, class: "primary" },
        { text: t("homepage.hero1.notes"), link: PATHS.firmwareReleaseNotes, class: "secondary" },
      ],
    },
    {
      video: `${M}/hero-screen.webm`,
      videoXL: `${M}/hero-screen-xl.webm`,
      poster: `${M}/hero-screen-poster.svg`,
      posterXL: `${M}/hero-screen-poster-xl.svg`,
      title: t("homepage.hero2.title"),
      subtitle: t("homepage.hero2.subtitle"),
      buttons: [{ text: t("homepage.hero2.cta"), link: PATHS.mobile, class: "primary" }],
    },
    {
      ...pictures("hero-travel"),
      title: t("homepage.hero3.title"),
      subtitle: t("homepage.hero3.subtitle"),
      buttons: [{ text: t("homepage.hero3.cta"), link: PATHS.games, class: "primary" }],
    },
  ];
}

/** A second hero slider with a single video slide: its video loops. */
export function roadHeroSlides(t: Translate): HeroSlide[] {
  return [
    {
      video: `${M}/hero-loop.webm`,
      videoXL: `${M}/hero-loop-xl.webm`,
      poster: `${M}/hero-loop-poster.svg`,
      posterXL: `${M}/hero-loop-poster-xl.svg`,
      title: t("homepage.road.title"),
      subtitle: t("homepage.road.subtitle"),
      buttons: [{ text: t("homepage.road.cta"), link: PATHS.storeMobile, class: "primary" }],
    },
  ];
}

export function normalHero(t: Translate) {
  return {
    ...pictures("normal-hero"),
    title: t("homepage.tools.title"),
    subtitle: t("homepage.tools.subtitle"),
    button: { text: t("homepage.tools.cta"), link: PATHS.firmwareCalibration },
  };
}

export function sliderItems(t: Translate): SliderItem[] {
  return [
    { imageSrc: `${M}/slider-1.svg`, link: PATHS.products, caption: t("homepage.slide.products") },
    { imageSrc: `${M}/slider-2.svg`, link: PATHS.games, caption: t("homepage.slide.games") },
    { imageSrc: `${M}/slider-3.svg`, link: PATHS.mobile, caption: t("homepage.slide.mobile") },
    { imageSrc: `${M}/slider-4.svg`, link: PATHS.blog, caption: t("homepage.slide.blog") },
    {
      imageSrc: `${M}/slider-5.svg`,
      link: PATHS.firmwareReleaseNotes,
      caption: t("homepage.slide.releases"),
    },
    { imageSrc: `${M}/slider-6.svg`, link: PATHS.compatibility, caption: t("homepage.slide.compatibility") },
  ];
}

/** The four feature cards of the academy block (spec 001 §2), in the reader's language. */
export function academyCards(t: Translate, site: string) {
  return [
    {
      image: `${M}/academy-1.svg`,
      title: t("homepage.academy.card1.title"),
      desc: t("homepage.academy.card1.desc"),
      link: `${site}setup`,
    },
    {
      image: `${M}/academy-2.svg`,
      title: t("homepage.academy.card2.title"),
      desc: t("homepage.academy.card2.desc"),
      link: `${site}picture`,
    },
    {
      image: `${M}/academy-3.svg`,
      title: t("homepage.academy.card3.title"),
      desc: t("homepage.academy.card3.desc"),
      link: `${site}mobile`,
    },
    {
      image: `${M}/academy-4.svg`,
      title: t("homepage.academy.card4.title"),
      desc: t("homepage.academy.card4.desc"),
      link: `${site}updates`,
    },
  ];
}
