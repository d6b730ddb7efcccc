import { Link } from "react-router-dom";
import { MD_MIN_PX, XL_MIN_PX } from "./constants.ts";

/** A hero without motion: a picture, a title, a subtitle and one button. */
export function NormalHero({
  image,
  imageMD,
  imageXL,
  title,
  subtitle,
  button,
}: {
  image: string;
  imageMD: string;
  imageXL: string;
  title: string;
  subtitle: string;
  button: { text: string; link: string };
}) {
  return (
    <section className="normal-hero" aria-labelledby="normal-hero-title">
      <picture className="normal-hero-media">
        <source media={`(min-width: ${XL_MIN_PX}px)`} srcSet={imageXL} />
        <source media={`(min-width: ${MD_MIN_PX}px)`} srcSet={imageMD} />
        {/* Not lazy, and asked for first: on a phone it is in the first screen, the largest thing
            painted there (Lighthouse's LCP element). */}
        <img src={image} alt="" fetchPriority="high" />
      </picture>
      <div className="normal-hero-text">
        <h2 id="normal-hero-title">{title}</h2>
        <p>{subtitle}</p>
        <Link className="btn btn-primary" to={button.link}>
          {button.text}
        </Link>
      </div>
    </section>
  );
}
