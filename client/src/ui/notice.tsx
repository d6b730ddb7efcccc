import type { ReactNode } from "react";

/** A quiet message that a change worked (role=status: read out without taking focus). */
export function Notice({ children, tone = "success" }: { children: ReactNode; tone?: "success" | "info" }) {
  return (
    <div className={`notice notice-${tone}`} role="status">
      {children}
    </div>
  );
}
