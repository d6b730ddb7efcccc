import { useCallback, useEffect } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { isUnauthorized } from "../../../lib/errors.ts";
import { loginHrefAfter401 } from "../../../lib/routes.ts";

/**
 * Spec 000 §6: a 401 on an account page goes to the login page (with ?redirect= back here,
 * except from the overview). Returns a function for mutation errors: true when it redirected.
 */
export function useLoginOn401(...errors: unknown[]): (err: unknown) => boolean {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const unauthorized = errors.some(isUnauthorized);

  useEffect(() => {
    if (unauthorized) navigate(loginHrefAfter401(pathname), { replace: true });
  }, [unauthorized, navigate, pathname]);

  return useCallback(
    (err: unknown) => {
      if (!isUnauthorized(err)) return false;
      navigate(loginHrefAfter401(pathname), { replace: true });
      return true;
    },
    [navigate, pathname],
  );
}
