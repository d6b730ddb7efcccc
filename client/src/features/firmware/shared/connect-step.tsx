import { GLASSES_MODELS, type GlassesModelSlug, getGlassesModel, isGlassesModelSlug } from "@vela/device";
import { type ReactNode, useId } from "react";
import { useI18n } from "../../../lib/i18n.tsx";
import { Button } from "../../../ui/button.tsx";
import { type ConnectOptions, glassesSession } from "./glasses-session.ts";
import { ProblemBox } from "./problem-box.tsx";
import { SimulatorPanel } from "./simulator-panel.tsx";
import { useGlassesSession } from "./use-glasses-session.ts";

/**
 * Step 1 of every tool: the glasses type, Connect (WebHID), the always-present simulated pair,
 * and, once connected, the panel with product name, firmware version and serial number.
 */
export function ConnectStep({
  model,
  onModelChange,
  accept,
  headingLevel = 2,
  typeHelp,
  busy = false,
}: {
  model: GlassesModelSlug;
  onModelChange(model: GlassesModelSlug): void;
  accept?: ConnectOptions["accept"];
  headingLevel?: 2 | 3;
  /** Beside the type select, e.g. the colour page's help button. */
  typeHelp?: ReactNode;
  /** An operation is running: the connection must not be changed now. */
  busy?: boolean;
}) {
  const { t } = useI18n();
  const session = useGlassesSession();
  const selectId = useId();
  const headingId = useId();
  const hasWebHid = glassesSession.hasWebHid;
  const connected = session.status === "connected" || session.status === "restarting";
  const working = session.status === "connecting";
  const options: ConnectOptions = accept ? { accept } : {};
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const shownModel = session.info?.model ?? model;

  const statusText =
    session.status === "connecting"
      ? t("firmware.status.connecting")
      : session.status === "restarting"
        ? t("firmware.status.restarting")
        : session.status === "connected"
          ? session.source === "simulator"
            ? t("firmware.status.connectedSimulated")
            : t("firmware.status.connected")
          : session.lost
            ? t("firmware.status.lost")
            : t("firmware.status.disconnected");

  return (
    <section className="tool-step card" aria-labelledby={headingId}>
      <Heading id={headingId} className="card-title">
        {t("firmware.connect.title")}
      </Heading>
      <p>{t("firmware.connect.intro")}</p>
      {hasWebHid ? null : (
        <div className="notice notice-info" role="note" data-testid="no-webhid">
          <p className="tool-note-strong">{t("firmware.connect.noWebHidTitle")}</p>
          <p>{t("firmware.connect.noWebHid")}</p>
        </div>
      )}
      <div className="tool-type">
        <label htmlFor={selectId}>{t("firmware.connect.type")}</label>
        <div className="tool-type-row">
          <select
            id={selectId}
            value={shownModel}
            disabled={connected || working}
            onChange={(event) => {
              const next = event.target.value;
              if (isGlassesModelSlug(next)) {
                glassesSession.clearProblem();
                onModelChange(next);
              }
            }}
          >
            {GLASSES_MODELS.map((m) => (
              <option key={m.slug} value={m.slug}>
                {m.productName} ({m.slug})
              </option>
            ))}
          </select>
          {typeHelp}
        </div>
      </div>
      <div className="actions">
        {connected ? (
          <Button variant="secondary" disabled={busy} onClick={() => void glassesSession.disconnect()}>
            {t("firmware.connect.disconnect")}
          </Button>
        ) : (
          <>
            {session.lost && session.client ? (
              <Button busy={working} disabled={busy} onClick={() => void glassesSession.reconnect()}>
                {t("firmware.connect.reconnect")}
              </Button>
            ) : null}
            <Button
              variant={session.lost ? "secondary" : "primary"}
              busy={working}
              disabled={!hasWebHid || busy}
              onClick={() => void glassesSession.connectWebHid(options)}
            >
              {working ? t("firmware.connect.connecting") : t("firmware.connect.connect")}
            </Button>
            <Button
              variant="secondary"
              disabled={working || busy}
              onClick={() => void glassesSession.connectSimulated(model, options)}
            >
              {t("firmware.connect.simulated")}
            </Button>
          </>
        )}
      </div>
      {connected ? null : <p className="muted tool-hint">{t("firmware.connect.simulatedHint")}</p>}
      <p className="tool-status" role="status" data-testid="connection-status" data-status={session.status}>
        {statusText}
      </p>
      {session.problem ? <ProblemBox problem={session.problem} /> : null}
      {session.info && connected ? <DevicePanel /> : null}
      {session.source === "simulator" && session.simulator ? (
        <SimulatorPanel glasses={session.simulator} />
      ) : null}
    </section>
  );
}

function DevicePanel() {
  const { t } = useI18n();
  const { info, source } = useGlassesSession();
  if (!info) return null;
  return (
    <div className="device-panel" data-testid="device-panel">
      <h3 className="visually-hidden">{t("firmware.panel.title")}</h3>
      <dl className="facts facts-inline">
        <div>
          <dt>{t("firmware.panel.productName")}</dt>
          <dd data-testid="product-name">
            {info.productName}
            {source === "simulator" ? (
              <span className="badge badge-info">{t("firmware.panel.simulated")}</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t("firmware.panel.firmwareVersion")}</dt>
          <dd data-testid="firmware-version">{info.firmwareVersion}</dd>
        </div>
        <div>
          <dt>{t("firmware.panel.serialNumber")}</dt>
          <dd data-testid="serial-number">{info.serialNumber}</dd>
        </div>
        <div>
          <dt>{t("firmware.panel.model")}</dt>
          <dd>{getGlassesModel(info.model).slug}</dd>
        </div>
      </dl>
    </div>
  );
}
