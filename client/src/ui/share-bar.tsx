import {
  COPY_CONFIRMATION_MS,
  SHARE_CHANNELS,
  SHARE_MORE_CHANNELS,
  SHARE_POPUP,
  type ShareChannel,
  type ShareData,
  shareLink,
} from "@vela/shared";
import { type MouseEvent, useEffect, useId, useState } from "react";
import { useI18n } from "../lib/i18n.tsx";
import "./storefront-ui.css";

const CHANNEL_NAMES: Record<ShareChannel, string> = {
  x: "X",
  facebook: "Facebook",
  linkedin: "LinkedIn",
  reddit: "Reddit",
  whatsapp: "WhatsApp",
  email: "",
};

/** Social networks open in a 600x400 popup centred on the window (spec 000 §9). */
export function openSharePopup(url: string): void {
  const { width, height } = SHARE_POPUP;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  window.open(url, "share", `width=${width},height=${height},left=${left},top=${top},noopener,noreferrer`);
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers or a denied permission: the selection route.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    const ok = document.execCommand?.("copy") ?? false;
    area.remove();
    return ok;
  }
}

/**
 * Copy link ('Copied!' for 2 s), X, Facebook and LinkedIn; More reveals Reddit, WhatsApp and
 * email, Less hides them again. Share data: url, title, description, via, hashtags (spec 000 §3).
 */
export function ShareBar({ data }: { data: ShareData }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const [more, setMore] = useState(false);
  const moreId = useId();

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const onCopy = async () => {
    if (await copyText(data.url)) setCopied(true);
  };

  const channel = (c: ShareChannel) => {
    const href = shareLink(c, data);
    const name = c === "email" ? t("share.email") : CHANNEL_NAMES[c];
    if (c === "email") {
      return (
        <a key={c} className="share-link" href={href}>
          {name}
        </a>
      );
    }
    const onClick = (e: MouseEvent) => {
      e.preventDefault();
      openSharePopup(href);
    };
    return (
      <a
        key={c}
        className="share-link"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onClick}
        aria-label={t("share.on", { network: name })}
      >
        {name}
      </a>
    );
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a toolbar of links and buttons, not a form fieldset.
    <div className="share-bar" role="group" aria-label={t("share.label")}>
      <button type="button" className="share-link share-copy" onClick={() => void onCopy()}>
        {t("share.copy")}
      </button>
      <span className="share-copied" role="status">
        {copied ? t("share.copied") : ""}
      </span>
      {SHARE_CHANNELS.map(channel)}
      <span id={moreId} className="share-more" hidden={!more}>
        {more ? SHARE_MORE_CHANNELS.map(channel) : null}
      </span>
      <button
        type="button"
        className="share-link share-toggle"
        aria-expanded={more}
        aria-controls={moreId}
        onClick={() => setMore((m) => !m)}
      >
        {more ? t("share.less") : t("share.more")}
      </button>
    </div>
  );
}
