import type { GlassesPowerState, VirtualGlasses } from "@vela/device";
import { useEffect, useState } from "react";
import { useI18n } from "../../../lib/i18n.tsx";
import { Button } from "../../../ui/button.tsx";

/** How long "Move the glasses" shakes them: long enough to restart a calibration. */
const SHAKE_MS = 1_500;

/**
 * Hands on the simulated glasses: take them off (wearer detection), move them (calibration)
 * or unplug them (a failed update), to see what the tools do about it.
 */
export function SimulatorPanel({ glasses }: { glasses: VirtualGlasses }) {
  const { t } = useI18n();
  const [power, setPower] = useState<GlassesPowerState>(glasses.state);
  const [worn, setWorn] = useState(glasses.worn);
  const [shaking, setShaking] = useState(false);

  useEffect(() => {
    setPower(glasses.state);
    return glasses.onStateChange(setPower);
  }, [glasses]);

  useEffect(() => {
    if (!shaking) return;
    glasses.setMoving(true);
    const timer = setTimeout(() => setShaking(false), SHAKE_MS);
    return () => {
      clearTimeout(timer);
      glasses.setMoving(false);
    };
  }, [glasses, shaking]);

  const running = power === "running";
  return (
    <div className="simulator-panel" data-testid="simulator-panel">
      <h3>{t("firmware.sim.title")}</h3>
      <p className="muted">{t("firmware.sim.note")}</p>
      <div className="actions">
        <Button
          variant="secondary"
          disabled={!running}
          aria-pressed={!worn}
          onClick={() => {
            glasses.setWorn(!worn);
            setWorn(!worn);
          }}
        >
          {worn ? t("firmware.sim.takeOff") : t("firmware.sim.putOn")}
        </Button>
        <Button variant="secondary" disabled={!running || shaking} onClick={() => setShaking(true)}>
          {shaking ? t("firmware.sim.shaking") : t("firmware.sim.shake")}
        </Button>
        <Button
          variant="secondary"
          onClick={() => (power === "unplugged" ? glasses.plug() : glasses.unplug())}
        >
          {power === "unplugged" ? t("firmware.sim.plug") : t("firmware.sim.unplug")}
        </Button>
      </div>
    </div>
  );
}
