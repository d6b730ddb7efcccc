import { useQuery } from "@tanstack/react-query";
import { getGlassesModel } from "@vela/device";
import { useId, useState } from "react";
import { Link } from "react-router-dom";
import { useI18n } from "../../../lib/i18n.tsx";
import { PATHS } from "../../../lib/routes.ts";
import { useTRPC } from "../../../lib/trpc.ts";
import { Button } from "../../../ui/button.tsx";
import { ErrorBox } from "../../../ui/error-box.tsx";
import { Spinner } from "../../../ui/spinner.tsx";
import { ConnectStep } from "../shared/connect-step.tsx";
import { currentPlatform } from "../shared/platform.ts";
import { ToolProgress } from "../shared/tool-progress.tsx";
import { ToolsNav } from "../shared/tools-nav.tsx";
import { useGlassesSession } from "../shared/use-glasses-session.ts";
import { useSessionLease } from "../shared/use-session-lease.ts";
import { useToolModel } from "../shared/use-tool-model.ts";
import { ReleaseNotes } from "./release-notes.tsx";
import { UpdateResultDialog } from "./update-result-dialog.tsx";
import "../firmware.css";
import { PageMeta } from "../../../ui/seo/page-meta.tsx";
import { type Release, useFirmwareUpdate } from "./use-firmware-update.ts";

/** The firmware update page: instructions, the connection, the version to install and its progress. */
export function UpdatePage() {
  const { t, locale, date } = useI18n();
  useSessionLease();
  const trpc = useTRPC();
  const session = useGlassesSession();
  const [model, setModel] = useToolModel();
  const list = useQuery(trpc.firmware.list.queryOptions({ model }));
  const [chosenId, setChosenId] = useState<number | null>(null);
  const { progress, result, running, update, refresh, closeResult } = useFirmwareUpdate();
  const selectId = useId();
  const stepId = useId();
  const instructionsId = useId();
  const tipsId = useId();
  const troubleId = useId();

  const versions = list.data?.model === model ? list.data.versions : [];
  const chosen: Release | undefined = versions.find((v) => v.id === chosenId) ?? versions[0];
  const connected = session.status === "connected" && session.info !== null;
  const ultraOnWindows = model === "P6S" && currentPlatform() === "windows";

  const statusText = (() => {
    switch (progress.stage) {
      case "idle":
        return connected ? t("firmware.update.ready") : t("firmware.update.connectFirst");
      case "downloading":
        return t("firmware.update.downloading", { version: chosen?.version ?? "" });
      case "checking":
        return t("firmware.update.checking");
      case "preparing":
        return t("firmware.update.preparing");
      case "writing":
        return t("firmware.update.writing");
      case "verifying":
        return t("firmware.update.verifying");
      case "activating":
        return t("firmware.update.activating");
      case "restarting":
        return t("firmware.update.restarting");
      case "confirming":
        return t("firmware.update.confirming");
      case "done":
        return t("firmware.update.done");
      default:
        return t("firmware.update.failed");
    }
  })();

  return (
    <div className="page tool-page">
      <PageMeta title={t("firmware.update.title")} />
      <h1>{t("firmware.update.title")}</h1>
      <ToolsNav />

      <section className="tool-instructions" aria-labelledby={instructionsId}>
        <h2 id={instructionsId}>{t("firmware.update.instructionsTitle")}</h2>
        <ol className="tool-notes">
          <li>{t("firmware.notes.chrome")}</li>
          <li>{t("firmware.update.noOtherApps")}</li>
          <li>{t("firmware.update.ultraWindows", { name: getGlassesModel("P6S").productName })}</li>
          <li>
            <strong>{t("firmware.update.noUnplug")}</strong>
          </li>
          <li>
            {t("firmware.update.troubleIntro")}{" "}
            <a href={`#${troubleId}`}>{t("firmware.update.troubleLink")}</a>
          </li>
          <li>{t("firmware.update.unplugAfter")}</li>
        </ol>
        <h2 id={tipsId}>{t("firmware.update.tipsTitle")}</h2>
        <ul className="tool-notes" aria-labelledby={tipsId}>
          <li>
            {t("firmware.update.tipCalibrate")}{" "}
            <Link to={PATHS.firmwareCalibration}>{t("firmware.nav.calibration")}</Link>
          </li>
          <li>
            {t("firmware.update.tipReleaseNotes")}{" "}
            <Link to={PATHS.firmwareReleaseNotes}>{t("firmware.update.releaseNotesLink")}</Link>
          </li>
        </ul>
      </section>

      <ConnectStep model={model} onModelChange={setModel} busy={running} />

      <section className="tool-step card" aria-labelledby={stepId}>
        <h2 id={stepId} className="card-title">
          {t("firmware.update.stepTitle")}
        </h2>
        {ultraOnWindows ? (
          <div className="notice notice-info" role="note" data-testid="ultra-windows-note">
            {t("firmware.update.ultraWindowsNote", { name: getGlassesModel("P6S").productName })}
          </div>
        ) : null}
        {list.isPending ? <Spinner /> : null}
        {list.isError ? (
          <ErrorBox message={t("firmware.update.listFailed")} onRetry={() => void list.refetch()} />
        ) : null}
        {list.isSuccess && versions.length === 0 ? <p>{t("firmware.update.noVersions")}</p> : null}
        {chosen ? (
          <>
            <div className="tool-type">
              <label htmlFor={selectId}>{t("firmware.update.version")}</label>
              <select
                id={selectId}
                value={chosen.id}
                disabled={running}
                onChange={(event) => setChosenId(Number(event.target.value))}
              >
                {versions.map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.version === session.info?.firmwareVersion
                      ? t("firmware.update.versionOptionInstalled", {
                          version: v.version,
                          date: date(`${v.releaseDate}T12:00:00`),
                        })
                      : t("firmware.update.versionOption", {
                          version: v.version,
                          date: date(`${v.releaseDate}T12:00:00`),
                        })}
                  </option>
                ))}
              </select>
            </div>
            <div className="release-info" data-testid="release-info">
              <p>
                <span className="muted">{t("firmware.update.releaseDate")}</span>{" "}
                <time dateTime={chosen.releaseDate}>{date(`${chosen.releaseDate}T12:00:00`)}</time>
              </p>
              <h3 className="release-notes-title">
                {t("firmware.update.releaseNotes", { version: chosen.version })}
              </h3>
              <ReleaseNotes text={chosen.releaseNotes[locale] ?? chosen.releaseNotes["en-US"]} />
            </div>
          </>
        ) : null}
        <div className="actions">
          <Button
            busy={running}
            disabled={!connected || !chosen || session.info?.model !== chosen.model}
            onClick={() => chosen && void update(chosen)}
          >
            {running ? t("firmware.update.updating") : t("firmware.update.update")}
          </Button>
        </div>
        <ToolProgress
          label={t("firmware.update.progressLabel")}
          percent={progress.percent}
          name="update"
          status={statusText}
          failed={progress.stage === "failed"}
          statusData={{ "data-stage": progress.stage }}
        />
      </section>

      <section className="tool-step card" id={troubleId} tabIndex={-1} aria-labelledby={`${troubleId}-title`}>
        <h2 id={`${troubleId}-title`} className="card-title">
          {t("firmware.trouble.title")}
        </h2>
        <ul className="tool-notes">
          <li>{t("firmware.trouble.notListed")}</li>
          <li>{t("firmware.trouble.inUse")}</li>
          <li>{t("firmware.trouble.linux")}</li>
          <li>{t("firmware.trouble.failed")}</li>
          <li>{t("firmware.trouble.cable")}</li>
        </ul>
      </section>

      <UpdateResultDialog result={result} onClose={closeResult} onRefresh={refresh} />
    </div>
  );
}
