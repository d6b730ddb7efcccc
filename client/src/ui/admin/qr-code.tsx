import qrcode from "qrcode-generator";
import { useMemo } from "react";

/** Modules of white around the code, as the QR standard asks for a scanner to find it. */
const QUIET_ZONE = 4;

/**
 * A QR code of `text`, drawn as one SVG path (no canvas, no inline markup string), with a label for
 * screen readers. Whoever shows one also shows its content as text: not everyone can scan.
 */
export function QrCode({ text, label, size = 208 }: { text: string; label: string; size?: number }) {
  const { path, extent } = useMemo(() => {
    const qr = qrcode(0, "M");
    qr.addData(text);
    qr.make();
    const count = qr.getModuleCount();
    const parts: string[] = [];
    for (let row = 0; row < count; row++) {
      for (let col = 0; col < count; col++) {
        if (qr.isDark(row, col)) parts.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
      }
    }
    return { path: parts.join(""), extent: count + 2 * QUIET_ZONE };
  }, [text]);
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${extent} ${extent}`}
      shapeRendering="crispEdges"
    >
      <rect width={extent} height={extent} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
