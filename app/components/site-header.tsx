// The sticky coral header: navigation, language, account and cart, following SPEC §2's desktop and mobile rules.
import { useEffect, useRef } from "react";
import { Form, Link, NavLink, useFetchers } from "react-router";
import { useLocalizePath } from "../i18n/use-locale";
import { useTranslation } from "../i18n/use-translation";
import { DecorativeImage } from "./decorative-image";
import { useDismissableDetails } from "./dismissable-details";
import { LanguageDropdown, LanguageMenuList } from "./language-switcher";
import { NotificationBell } from "./notification-bell";

/** The signed-in person as the header needs them: the areas they may open are decided by the root loader. */
export type HeaderUser = { name: string; mayAdminister: boolean; mayTeach: boolean };

/** `wideOnly`: in the desktop bar from 1280 px (it is in the account menu too), so the bar fits at 1024 px. */
type NavItem = { to: string; label: string; end?: boolean; wideOnly?: boolean };

function useNavItems(signedIn: boolean): { desktop: NavItem[]; mobile: NavItem[] } {
  const { t } = useTranslation();
  const home = { to: "/", label: t("nav.home"), end: true };
  const rest: NavItem[] = [
    { to: "/about_us", label: t("nav.about") },
    { to: "/services", label: t("nav.services") },
    { to: "/courses", label: t("nav.courses") },
    { to: "/portfolio", label: t("nav.portfolio") },
    { to: "/blog", label: t("nav.blog") },
  ];
  const cart = signedIn ? [{ to: "/cart", label: t("nav.cart") }] : [];
  // A signed-in person's own learning comes first after home (issue 50).
  // At 1024 px a trainer's or admin's bar with it ran off the screen (the page sweep): there it stays in the
  // account menu ("My courses"), and the bar shows it from 1280 px.
  const learning = signedIn ? [{ to: "/my-enrollments", label: t("nav.myLearning"), wideOnly: true }] : [];
  // On mobile the home link is omitted (the logo links home); the cart joins the list only when signed in.
  return { desktop: [home, ...learning, ...rest, ...cart], mobile: [...learning, ...rest, ...cart] };
}

export function CartBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      data-testid="cart-badge"
      className="ms-1 inline-flex min-w-5 items-center justify-center rounded-full bg-white px-1.5 text-xs font-bold text-coral-700"
    >
      {count}
    </span>
  );
}

function CartIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-2">
      <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6" />
      <circle cx="10" cy="20" r="1" />
      <circle cx="17" cy="20" r="1" />
    </svg>
  );
}

/** The signed-in user's links (SPEC §2): everyone gets courses and favorites; staff get their areas. */
function useAccountLinks(user: HeaderUser): NavItem[] {
  const { t } = useTranslation();
  const links: NavItem[] = [
    { to: "/my-enrollments", label: t("nav.myEnrollments") },
    { to: "/my-favorites", label: t("nav.myFavorites") },
    { to: "/certificates", label: t("nav.myCertificates") },
    { to: "/account/wallet", label: t("nav.wallet") },
    { to: "/account/billing", label: t("nav.billing") },
    { to: "/account", label: t("nav.accountSettings") },
  ];
  if (user.mayAdminister) links.push({ to: "/dashboard/admin", label: t("nav.adminDashboard") });
  if (user.mayTeach) links.push({ to: "/instructor", label: t("nav.instructor") });
  return links;
}

/** Logout is a POST (a link could be prefetched or crawled); a plain form works without JavaScript. */
function LogoutForm({ className }: { className: string }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  return (
    <Form method="post" action={localize("/auth/logout")}>
      <button type="submit" className={className} data-testid="logout">
        {t("nav.logout")}
      </button>
    </Form>
  );
}

function UserMenu({ user }: { user: HeaderUser }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissableDetails(ref);
  const links = useAccountLinks(user);
  return (
    <details ref={ref} className="relative" data-testid="user-menu">
      <summary className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold hover:bg-coral-700">
        <span
          aria-hidden="true"
          className="flex size-7 items-center justify-center rounded-full bg-white text-xs font-bold text-coral-700"
        >
          {user.name.slice(0, 1).toUpperCase()}
        </span>
        {/* The name from 1280 px: between 1024 and 1280 the bar has no room for it in the system font (Save-Data,
            or before the web font arrives: 10–18 px too wide for an admin in English). The initial stays. */}
        <span className="hidden max-w-32 truncate xl:inline">{user.name}</span>
        <span className="sr-only">{t("nav.account")}</span>
      </summary>
      <div className="absolute end-0 z-40 mt-2 w-56 rounded-lg bg-white p-2 text-ink shadow-xl ring-1 ring-black/5">
        <ul className="flex flex-col gap-1">
          {links.map((link) => (
            <li key={link.to}>
              <Link to={localize(link.to)} className="block rounded-md px-3 py-2 text-sm hover:bg-coral-50">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-1 border-t border-ink/10 pt-1">
          <LogoutForm className="block w-full rounded-md px-3 py-2 text-start text-sm hover:bg-coral-50" />
        </div>
      </div>
    </details>
  );
}

function MobileMenu({
  items,
  user,
  cartCount,
}: {
  items: NavItem[];
  user: HeaderUser | null;
  cartCount: number;
}) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissableDetails(ref);

  // Lock page scrolling while the menu is open; always unlock when the header unmounts.
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const sync = () => document.documentElement.classList.toggle("menu-open", details.open);
    sync(); // opened before hydration: lock now
    details.addEventListener("toggle", sync);
    return () => {
      details.removeEventListener("toggle", sync);
      document.documentElement.classList.remove("menu-open");
    };
  }, []);

  return (
    <details ref={ref} className="lg:hidden" data-testid="mobile-menu">
      <summary className="flex items-center gap-2 rounded-md px-3 py-2 font-semibold hover:bg-coral-700">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 fill-none stroke-current stroke-2">
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
        <span>{t("nav.menu")}</span>
        <CartBadge count={cartCount} />
      </summary>
      <div className="absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-4rem)] overflow-y-auto bg-coral-600 px-4 pt-2 pb-6 shadow-xl">
        <nav aria-label={t("nav.main")}>
          <ul className="flex flex-col gap-1 border-b border-white/20 pb-3">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={localize(item.to)}
                  end={item.end}
                  className="block rounded-md px-3 py-2 font-semibold hover:bg-coral-700 aria-[current=page]:bg-coral-800"
                >
                  {item.label}
                  {item.to === "/cart" ? <CartBadge count={cartCount} /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-b border-white/20 py-3">
          <LanguageMenuList />
        </div>
        {user ? (
          <MobileAccountLinks user={user} />
        ) : (
          <div className="flex flex-col gap-2 pt-3">
            {/* Guests get their cart entry on its own, below the language list (SPEC §2). */}
            <Link
              to={localize("/cart")}
              className="flex items-center gap-2 rounded-md px-3 py-2 font-semibold hover:bg-coral-700"
              data-testid="mobile-guest-cart"
            >
              <CartIcon />
              {t("nav.cart")}
              <CartBadge count={cartCount} />
            </Link>
            <div className="flex gap-2">
              <Link
                to={localize("/auth/login")}
                className="flex-1 rounded-md border border-white/70 px-3 py-2 text-center font-semibold"
              >
                {t("nav.login")}
              </Link>
              <Link
                to={localize("/auth/signup")}
                className="flex-1 rounded-md bg-white px-3 py-2 text-center font-semibold text-coral-700"
              >
                {t("nav.signup")}
              </Link>
            </div>
          </div>
        )}
      </div>
    </details>
  );
}

function MobileAccountLinks({ user }: { user: HeaderUser }) {
  const localize = useLocalizePath();
  const links = useAccountLinks(user);
  return (
    <div className="flex flex-col gap-1 pt-3" data-testid="mobile-account-links">
      <p className="px-3 pb-1 text-xs font-semibold text-white">{user.name}</p>
      {links.map((link) => (
        <Link
          key={link.to}
          to={localize(link.to)}
          className="block rounded-md px-3 py-2 font-semibold hover:bg-coral-700"
        >
          {link.label}
        </Link>
      ))}
      <LogoutForm className="block w-full rounded-md px-3 py-2 text-start font-semibold hover:bg-coral-700" />
    </div>
  );
}

/**
 * The cart count with in-flight cart requests applied, so the badge moves the moment "Add to cart" is
 * pressed. Once a request settles the fetcher is idle and the server's count (root loader) takes over,
 * which also undoes a refused change.
 */
function useOptimisticCartCount(serverCount: number): number {
  const fetchers = useFetchers();
  let count = serverCount;
  for (const fetcher of fetchers) {
    if (fetcher.state === "idle" || !fetcher.formData) continue;
    const intent = fetcher.formData.get("intent");
    if (intent === "addToCart") count += 1;
    if (intent === "removeFromCart" || intent === "remove") count -= 1;
  }
  return Math.max(0, count);
}

export function SiteHeader({
  user,
  cartCount: serverCartCount,
  unreadNotifications = 0,
  brandName,
}: {
  user: HeaderUser | null;
  /** The brand's name in the page's language (the site settings). */
  brandName: string;
  cartCount: number;
  /** Signed-in people's unread notifications (the bell). */
  unreadNotifications?: number;
}) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const { desktop, mobile } = useNavItems(Boolean(user));
  const cartCount = useOptimisticCartCount(serverCartCount);

  return (
    <header className="sticky top-0 z-30 bg-coral-600 text-white shadow-md">
      {/* Above the header's row when focused: that row comes later in the document, so it would be painted over it. */}
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-ink"
      >
        {t("nav.skipToContent")}
      </a>
      <div className="relative mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Link to={localize("/")} className="flex items-center gap-2 text-xl font-bold" aria-label={brandName}>
          <DecorativeImage src="/logo.svg" width="32" height="32" className="size-8" />
          <bdi>{brandName}</bdi>
        </Link>

        <nav aria-label={t("nav.main")} className="hidden flex-1 lg:block">
          <ul className="flex items-center gap-1">
            {desktop.map((item) => (
              <li key={item.to} className={item.wideOnly ? "hidden xl:block" : undefined}>
                <NavLink
                  to={localize(item.to)}
                  end={item.end}
                  className="flex items-center rounded-md px-3 py-2 text-sm font-semibold hover:bg-coral-700 aria-[current=page]:bg-coral-800"
                >
                  {item.label}
                  {item.to === "/cart" ? <CartBadge count={cartCount} /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        {user ? (
          <div className="ms-auto lg:ms-0">
            <NotificationBell unread={unreadNotifications} />
          </div>
        ) : null}

        <div className="ms-auto hidden items-center gap-2 lg:flex">
          <LanguageDropdown />
          {user ? (
            <UserMenu user={user} />
          ) : (
            <>
              <Link
                to={localize("/auth/login")}
                className="rounded-md px-3 py-2 text-sm font-semibold hover:bg-coral-700"
              >
                {t("nav.login")}
              </Link>
              <Link
                to={localize("/auth/signup")}
                className="rounded-md bg-white px-3 py-2 text-sm font-semibold text-coral-700 hover:bg-coral-50"
              >
                {t("nav.signup")}
              </Link>
            </>
          )}
        </div>

        <div className={user ? "lg:hidden" : "ms-auto lg:hidden"}>
          <MobileMenu items={mobile} user={user} cartCount={cartCount} />
        </div>
      </div>
    </header>
  );
}
