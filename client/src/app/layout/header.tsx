import { BRAND } from "@vela/shared";
import { Link, NavLink } from "react-router-dom";
import { HeaderSearch } from "../../features/search/header-search.tsx";
import { useCart } from "../../lib/cart/use-cart.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { PATHS } from "../../lib/routes.ts";
import { LanguageSwitch } from "./language-switch.tsx";
import "./header.css";

/** Decorative marks of the header's links on a phone, where their words are read out but not shown. */
function NavIcon({ name }: { name: "products" | "account" | "cart" }) {
  const paths = {
    products: "M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z",
    account: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0",
    cart: "M3 4h2l2.4 11h10.2L20 7H6.2M9 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2zm8 0a1 1 0 1 0 0-2 1 1 0 0 0 0 2z",
  } as const;
  return (
    <svg className="nav-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d={paths[name]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The store's header: the brand, the search, the main links, the cart and the language. On a
 * phone it is one compact row that stays at the top (header.css): the links show as icons, the
 * search as a button that opens its box.
 */
export function Header() {
  const { t, tn } = useI18n();
  const { count } = useCart();
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to={PATHS.home} className="brand">
          {BRAND.name}
        </Link>
        <HeaderSearch />
        <nav aria-label={t("layout.mainNav")} className="site-nav">
          <ul>
            <li>
              <NavLink to={PATHS.products}>
                <NavIcon name="products" />
                <span className="nav-text">{t("layout.products")}</span>
              </NavLink>
            </li>
            <li>
              <NavLink to={PATHS.account}>
                <NavIcon name="account" />
                <span className="nav-text">{t("layout.account")}</span>
              </NavLink>
            </li>
            <li>
              <NavLink
                to={PATHS.cart}
                aria-label={tn("layout.cartCount", count, { count })}
                className="cart-link"
              >
                <NavIcon name="cart" />
                <span className="nav-text">{t("layout.cart")}</span>{" "}
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
