import { BRAND } from "@vela/shared";
import { Link, NavLink } from "react-router-dom";
import { useCart } from "../../lib/cart/use-cart.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { PATHS } from "../../lib/routes.ts";
import { LanguageSwitch } from "./language-switch.tsx";

export function Header() {
  const { t, tn } = useI18n();
  const { count } = useCart();
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to={PATHS.home} className="brand">
          {BRAND.name}
        </Link>
        <nav aria-label={t("layout.mainNav")} className="site-nav">
          <ul>
            <li>
              <NavLink to={PATHS.products}>{t("layout.products")}</NavLink>
            </li>
            <li>
              <NavLink to={PATHS.account}>{t("layout.account")}</NavLink>
            </li>
            <li>
              <NavLink
                to={PATHS.cart}
                aria-label={tn("layout.cartCount", count, { count })}
                className="cart-link"
              >
                {t("layout.cart")}{" "}
                <span className="cart-count" aria-hidden="true" data-testid="cart-count">
                  {count}
                </span>
              </NavLink>
            </li>
          </ul>
        </nav>
        <LanguageSwitch />
      </div>
    </header>
  );
}
