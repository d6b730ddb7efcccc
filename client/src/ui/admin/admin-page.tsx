import { BRAND } from "@vela/shared";
import type { ReactNode, Ref } from "react";
import { useI18n } from "../../lib/i18n.tsx";

/**
 * Every admin page's frame: its title in the tab ("Staff · Vela admin"), never indexed, and its one
 * `<h1>`, which takes focus after a navigation (the shell's route focus). `actions` sit beside the
 * heading (an "Add" button); the page's content follows.
 */
export function AdminPage({
  title,
  actions,
  headingRef,
  children,
}: {
  title: string;
  actions?: ReactNode;
  /** For a page that moves focus to its heading itself (a step that replaced the page's content). */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <div className="admin-page">
      <title>{`${title} · ${t("admin.shell.name", { brand: BRAND.name })}`}</title>
      <meta name="robots" content="noindex" />
      <div className="admin-page-head">
        <h1 ref={headingRef} tabIndex={-1}>
          {title}
        </h1>
        {actions ? <div className="admin-page-actions">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
