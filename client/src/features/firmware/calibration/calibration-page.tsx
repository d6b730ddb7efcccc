import {
  type Calibration,
  CalibrationError,
  type CalibrationProgress,
  DeviceDisconnectedError,
  type DeviceInfo,
  DeviceTimeoutError,
  getGlassesModel,
  runCalibration,
  supportsCalibration,
} from "@vela/device";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useI18n } from "../../../lib/i18n.tsx";
import { Button } from "../../../ui/button.tsx";
import { ConnectStep } from "../shared/connect-step.tsx";
import { type ConnectProblem, glassesSession } from "../shared/glasses-session.ts";
import { ToolProgress } from "../shared/tool-progress.tsx";
import { ToolsNav } from "../shared/tools-nav.tsx";
import { useGlassesSession } from "../shared/use-glasses-session.ts";
import { useSessionLease } from "../shared/use-session-lease.ts";
import { useToolModel } from "../shared/use-tool-model.ts";
import "../firmware.css";
import { PageMeta } from "../../../ui/seo/page-meta.tsx";

type Phase = "idle" | CalibrationProgress["phase"] | "failed";

interface CalibrationView {
  phase: Phase;
  /** 0..100 */
  percent: number;
  restarts: number;
  error: string | null;
  result: Calibration | null;
}

const IDLE: CalibrationView = { phase: "idle", percent: 0, restarts: 0, error: null, result: null };

/** Spec 001 §2: the Luma Ultra needs no IMU calibration; it is refused at connect. */
const acceptForCalibration = (info: DeviceInfo): ConnectProblem | null =>
  supportsCalibration(info.model) ? null : "calibration-not-supported";

export function CalibrationPage() {
  const { t } = useI18n();
  useSessionLease();
  const session = useGlassesSession();
  const [model, setModel] = useToolModel();
  const [view, setView] = useState<CalibrationView>(IDLE);
  const abortRef = useRef<AbortController | null>(null);
  const stepId = useId();

  useEffect(() => () => abortRef.current?.abort(), []);

  const connected = session.status === "connected" && session.info !== null;
  const supported = supportsCalibration(session.info?.model ?? model);
  const running = !["idle", "done", "failed"].includes(view.phase);

  // A failure belongs to the connection it happened on: once the glasses are connected again
  // (Reconnect after an unplug), its message would only contradict the "Connected." beside it.
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current)
      setView((current) => (current.phase === "failed" ? IDLE : current));
    wasConnected.current = connected;
  }, [connected]);

  const errorText = useCallback(
    (error: unknown): string => {
      if (error instanceof CalibrationError) {
        switch (error.code) {
          case "not-supported":
            return t("firmware.problem.calibrationNotSupported", {
              name: getGlassesModel("P6S").productName,
            });
          case "motion":
            return t("firmware.calibration.errorMotion");
          case "no-data":
            return t("firmware.calibration.errorNoData");
          case "implausible":
            return t("firmware.calibration.errorImplausible");
          case "readback-mismatch":
            return t("firmware.calibration.errorReadback");
        }
      }
      if (error instanceof DeviceDisconnectedError) return t("firmware.calibration.errorDisconnected");
      if (error instanceof DeviceTimeoutError) return t("firmware.calibration.errorTimeout");
      return t("firmware.calibration.errorFailed");
    },
    [t],
  );

  const calibrate = async () => {
    const controller = new AbortController();
    abortRef.current = controller;
    setView({ ...IDLE, phase: "starting" });
    try {
      const result = await glassesSession.run((client) =>
        runCalibration(client, {
          signal: controller.signal,
          onProgress: (progress) => {
            const percent = Math.floor(progress.progress * 100);
            setView((current) =>
              current.phase === progress.phase &&
              current.percent === percent &&
              current.restarts === progress.restarts
                ? current
                : { ...current, phase: progress.phase, percent, restarts: progress.restarts },
            );
          },
        }),
      );
      if (!controller.signal.aborted)
        setView((current) => ({ ...current, phase: "done", percent: 100, result }));
    } catch (error) {
      if (controller.signal.aborted) {
        setView(IDLE);
        return;
      }
      setView((current) => ({ ...current, phase: "failed", error: errorText(error) }));
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
    }
  };

  const statusText = (() => {
    switch (view.phase) {
      case "idle":
        return connected ? t("firmware.calibration.ready") : t("firmware.calibration.connectFirst");
      case "starting":
        return t("firmware.calibration.starting");
      case "waiting":
        return t("firmware.calibration.waiting");
      case "collecting":
        return t("firmware.calibration.collecting");
      case "moving":
        return t("firmware.calibration.moving");
      case "saving":
        return t("firmware.calibration.saving");
      case "done":
        return t("firmware.calibration.done");
      default:
        return view.error ?? t("firmware.calibration.errorFailed");
    }
  })();

  return (
    <div className="page tool-page">
      <PageMeta title={t("firmware.calibration.title")} />
      <h1>{t("firmware.calibration.title")}</h1>
      <ToolsNav />
      <ul className="tool-notes">
        <li>{t("firmware.notes.chrome")}</li>
        <li>{t("firmware.calibration.noteUltra", { name: getGlassesModel("P6S").productName })}</li>
      </ul>

      <ConnectStep model={model} onModelChange={setModel} accept={acceptForCalibration} busy={running} />

      <section className="tool-step card" aria-labelledby={stepId}>
        <h2 id={stepId} className="card-title">
          {t("firmware.calibration.stepTitle")}
        </h2>
        <p>{t("firmware.calibration.keepStill")}</p>
        {!supported ? (
          <div className="notice notice-info" role="note">
            {t("firmware.problem.calibrationNotSupported", { name: getGlassesModel("P6S").productName })}
          </div>
        ) : null}
        <div className="actions">
          <Button busy={running} disabled={!connected || !supported} onClick={() => void calibrate()}>
            {running ? t("firmware.calibration.calibrating") : t("firmware.calibration.calibrate")}
          </Button>
          {running ? (
            <Button variant="secondary" onClick={() => abortRef.current?.abort()}>
              {t("common.cancel")}
            </Button>
          ) : null}
        </div>
        <ToolProgress
          label={t("firmware.calibration.progressLabel")}
          percent={view.percent}
          name="calibration"
          status={statusText}
          failed={view.phase === "failed"}
          statusData={{ "data-phase": view.phase, "data-restarts": view.restarts }}
        />
        {view.restarts > 0 ? (
          <p className="muted" data-testid="calibration-restarts">
            {t("firmware.calibration.restarts", { count: view.restarts })}
          </p>
        ) : null}
        {view.result ? <CalibrationResult result={view.result} /> : null}
      </section>
    </div>
  );
}

function CalibrationResult({ result }: { result: Calibration }) {
  const { t } = useI18n();
  const fmt = (values: readonly number[], digits: number) => values.map((v) => v.toFixed(digits)).join(", ");
  return (
    <dl className="facts facts-inline" data-testid="calibration-result">
      <div>
        <dt>{t("firmware.calibration.gyroBias")}</dt>
        <dd>{fmt(result.gyroBias, 4)} rad/s</dd>
      </div>
      <div>
        <dt>{t("firmware.calibration.gravity")}</dt>
        <dd>{fmt(result.gravity, 3)} m/s²</dd>
      </div>
    </dl>
  );
}
