import { useQuery } from "@tanstack/react-query";
import { blogLanguage, NEWSROOM_COUNT } from "@vela/shared";
import { Link } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { blogPostHref, PATHS } from "../../lib/routes.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { MD_MIN_PX, XL_MIN_PX } from "./constants.ts";

/** A newsroom item of spec 001 §3. */
export interface NewsroomItem {
  image: string;
  imageMD: string;
  imageXL: string;
  alt: string;
  title: string;
  link: string;
  target: "_self" | "_blank";
  linkText: string;
}

/** The newest posts of the blog, with View all leading to /blog (spec 001 §2). */
export function Newsroom() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const query = useQuery(
    trpc.blog.list.queryOptions({ language: blogLanguage(locale), limit: NEWSROOM_COUNT }),
  );
  const items: NewsroomItem[] = (query.data?.posts ?? []).map((p) => ({
    image: p.image,
    imageMD: p.imageMD,
    imageXL: p.imageXL,
    alt: p.alt,
    title: p.title,
    link: blogPostHref(p.slug),
    target: "_self",
    linkText: t("homepage.readMore"),
  }));
  return (
    <section className="newsroom" aria-labelledby="newsroom-title">
      <div className="block-head">
        <h2 id="newsroom-title">{t("homepage.newsroom")}</h2>
        <Link className="btn btn-secondary" to={PATHS.blog}>
          {t("homepage.viewAll")} <span className="visually-hidden">{t("homepage.viewAllNews")}</span>
        </Link>
      </div>
      {query.isError ? <p className="muted">{t("homepage.newsFailed")}</p> : null}
      <ul className="newsroom-grid">
        {items.map((item) => (
          <li key={item.link} className="tile-card newsroom-card">
            <picture>
              <source media={`(min-width: ${XL_MIN_PX}px)`} srcSet={item.imageXL} />
              <source media={`(min-width: ${MD_MIN_PX}px)`} srcSet={item.imageMD} />
              <img src={item.image} alt={item.alt} width={600} height={400} loading="lazy" />
            </picture>
            <h3>{item.title}</h3>
            <Link to={item.link} target={item.target} className="newsroom-link">
              {item.linkText}
              <span className="visually-hidden">: {item.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
