import { useQuery } from "@tanstack/react-query";
import {
  absoluteUrl,
  blogLanguage,
  blogPostingJsonLd,
  breadcrumbJsonLd,
  pageUrl,
  previewImagePath,
} from "@vela/shared";
import { Link, useParams } from "react-router-dom";
import { isNotFound } from "../../lib/errors.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { blogPostHref, PATHS } from "../../lib/routes.ts";
import { useSiteOrigin } from "../../lib/site-origin.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { ErrorBox } from "../../ui/error-box.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { StoredHtml } from "../../ui/stored-html.tsx";
import "./blog.css";
import { PageMeta } from "../../ui/seo/page-meta.tsx";

import { MD, XL } from "./blog-media.ts";

/** /blog/{slug}: one post, its body as the HTML the server rendered and sanitised when it was saved. */
export function BlogPostPage() {
  const { slug = "" } = useParams();
  const { t, locale, date } = useI18n();
  const trpc = useTRPC();
  const query = useQuery(
    trpc.blog.post.queryOptions({ language: blogLanguage(locale), slug }, { retry: false }),
  );
  const post = query.data?.post;
  const origin = useSiteOrigin();

  if (query.isPending)
    return (
      <>
        <PageMeta title={null} />
        <Spinner />
      </>
    );
  if (query.isError || !post) {
    const missing = isNotFound(query.error) || query.error?.data?.code === "BAD_REQUEST";
    return (
      <div className="blog-page">
        <PageMeta title={missing ? t("blog.notFound") : t("blog.title")} noindex />
        <h1>{missing ? t("blog.notFound") : t("blog.title")}</h1>
        {missing ? (
          <p>{t("blog.notFoundBody")}</p>
        ) : (
          <ErrorBox message={t("blog.loadFailed")} onRetry={() => void query.refetch()} />
        )}
        <p>
          <Link to={PATHS.blog}>{t("blog.back")}</Link>
        </p>
      </div>
    );
  }
  return (
    <article className="blog-page blog-post" lang={post.language}>
      <PageMeta
        title={post.title}
        description={post.excerpt}
        path={blogPostHref(post.slug)}
        image={{ drawing: post.imageXL, alt: post.alt }}
        type="article"
        jsonLd={[
          blogPostingJsonLd({
            headline: post.title,
            description: post.excerpt,
            url: pageUrl(origin, blogPostHref(post.slug), locale),
            image: absoluteUrl(origin, previewImagePath(post.imageXL) ?? post.imageXL),
            datePublished: post.publishedAt,
            inLanguage: post.language,
            origin,
          }),
          breadcrumbJsonLd([
            { name: t("layout.home"), url: pageUrl(origin, PATHS.home, locale) },
            { name: t("blog.title"), url: pageUrl(origin, PATHS.blog, locale) },
            { name: post.title, url: pageUrl(origin, blogPostHref(post.slug), locale) },
          ]),
        ]}
      />
      <p>
        <Link to={PATHS.blog}>{t("blog.back")}</Link>
      </p>
      <h1>{post.title}</h1>
      <p className="muted">
        <span className="visually-hidden">{t("blog.published")} </span>
        <time dateTime={post.publishedAt}>{date(`${post.publishedAt}T00:00:00`, "long")}</time>
      </p>
      <picture>
        <source media={XL} srcSet={post.imageXL} />
        <source media={MD} srcSet={post.imageMD} />
        <img className="blog-hero" src={post.image} alt={post.alt} width={1200} height={800} />
      </picture>
      <p className="lead">{post.excerpt}</p>
      <StoredHtml html={post.bodyHtml} className="blog-body" />
    </article>
  );
}
