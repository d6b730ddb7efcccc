import type { ComponentType } from "react";
import { useI18n } from "../../lib/i18n.tsx";
import { VisitTheAcademy } from "./academy.tsx";
import { StillHaveAQuestion } from "./ask-us.tsx";
import { HeroSlider } from "./hero-slider.tsx";
import { mainHeroSlides, normalHero, roadHeroSlides, sliderItems } from "./home-data.ts";
import { ImageSlider } from "./image-slider.tsx";
import { Newsroom } from "./newsroom.tsx";
import { NormalHero } from "./normal-hero.tsx";
import "./home.css";

/** Everything below the home page's heading; loaded after it, so the sliders stay out of the entry chunk. */
export function HomeBlocks({ askUsForm }: { askUsForm: ComponentType }) {
  const { t } = useI18n();
  return (
    <>
      <HeroSlider slides={mainHeroSlides(t)} label={t("homepage.heroLabel")} />
      <NormalHero {...normalHero(t)} />
      <ImageSlider items={sliderItems(t)} label={t("homepage.sliderLabel")} />
      <Newsroom />
      <HeroSlider slides={roadHeroSlides(t)} label={t("homepage.roadLabel")} />
      <StillHaveAQuestion form={askUsForm} />
      <VisitTheAcademy />
    </>
  );
}
