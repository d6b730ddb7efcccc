import { useQuery } from "@tanstack/react-query";
import { BLOG_PREVIEW_DRAWING, BRAND, blogLanguage } from "@vela/shared";
import { Link } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { blogPostHref, PATHS } from "../../lib/routes.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { ErrorBox } from "../../ui/error-box.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import "./blog.css";
import { PageMeta } from "../../ui/seo/page-meta.tsx";
import { MD, XL } from "./blog-media.ts";

/** /blog: every post, newest first, in the reader's language (the newsroom's View all). */
export function BlogIndexPage() {
  const { t, locale, date } = useI18n();
  const trpc = useTRPC();
  const query = useQuery(trpc.blog.list.queryOptions({ language: blogLanguage(locale) }));
  return (
    <div className="blog-page">
      <PageMeta
        title={t("blog.title")}
        description={t("seo.blog", { brand: BRAND.name })}
        path={PATHS.blog}
        image={{ drawing: BLOG_PREVIEW_DRAWING, alt: t("seo.blogImageAlt") }}
      />
      <h1>{t("blog.title")}</h1>
      <p className="lead">{t("blog.intro", { brand: BRAND.name })}</p>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <ErrorBox message={t("blog.listFailed")} onRetry={() => void query.refetch()} />
      ) : (
        <ul className="blog-list" aria-label={t("blog.list")}>
          {query.data.posts.map((p, i) => (
            <li key={p.slug}>
              <article className="blog-card" aria-labelledby={`post-${p.slug}`}>
                <picture>
                  <source media={XL} srcSet={p.imageXL} />
                  <source media={MD} srcSet={p.imageMD} />
                  {/* The first card's picture is the first screen's largest: loaded at once, first. */}
                  <img
                    src={p.image}
                    alt={p.alt}
                    width={600}
                    height={400}
                    loading={i === 0 ? "eager" : "lazy"}
                    fetchPriority={i === 0 ? "high" : undefined}
                  />
                </picture>
                <div className="blog-card-body">
                  <h2 id={`post-${p.slug}`}>
                    <Link to={blogPostHref(p.slug)}>{p.title}</Link>
                  </h2>
                  <p className="muted">
                    <time dateTime={p.publishedAt}>{date(`${p.publishedAt}T00:00:00`, "long")}</time>
                  </p>
                  <p>{p.excerpt}</p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
