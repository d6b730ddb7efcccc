import { createContext, type ReactNode, useContext } from "react";
import { createPath, Navigate, type To, useResolvedPath } from "react-router-dom";

/**
 * Where a page rendered on the server asked to go instead (entry-server.tsx provides it; the
 * browser never does). React Router's <Navigate> navigates in an effect, which the server never
 * runs: there it renders nothing, and the page would be answered with an empty main area.
 */
const ServerRedirectContext = createContext<((location: string) => void) | null>(null);

export function ServerRedirectProvider({
  onRedirect,
  children,
}: {
  onRedirect: (location: string) => void;
  children: ReactNode;
}) {
  return <ServerRedirectContext.Provider value={onRedirect}>{children}</ServerRedirectContext.Provider>;
}

/**
 * `<Navigate replace to={to} />` for a page's first render: in the browser it is exactly that; on
 * the server the page is answered with a redirect to the same place (the path, query and hash
 * <Navigate> would resolve). Every page the server renders uses this instead of <Navigate>.
 */
export function Redirect({ to }: { to: To }) {
  const onServer = useContext(ServerRedirectContext);
  const resolved = useResolvedPath(to);
  if (onServer) {
    onServer(createPath(resolved));
    return null;
  }
  return <Navigate replace to={to} />;
}
