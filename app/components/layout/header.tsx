import { Menu, Search, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation, useMatches } from "react-router";
import { SHOP_NAME } from "#common/brand.ts";
import { CartButton } from "~/components/cart/cart-button";
import { SearchBox } from "~/components/search/search-box";
import { Logo } from "./logo";
import { navLinks, type NavUser } from "./nav-links";
import { keepFocusInside } from "~/lib/dialog";
import { LANGUAGE_NAME, localePath, unprefixedPath, useLanguage, useLocalePath, useT } from "~/lib/i18n";
import type { Language } from "#common/language.ts";

export function Header({ user }: { user: NavUser | null }) {
  const links = navLinks(user);
  const t = useT();
  const lp = useLocalePath();
  const home = unprefixedPath(useLocation().pathname) === "/";
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <MobileMenu links={links} />
        <Link to={lp("/")} className="flex items-center gap-2 rounded-md font-bold text-brand-800" aria-label={t("frame.header.homeLabel", { shop: SHOP_NAME })}>
          <Logo className="h-8 w-8" />
          <span className="text-lg">{SHOP_NAME}</span>
        </Link>
        <nav aria-label={t("frame.header.mainNav")} className="ml-auto hidden lg:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={lp(link.to)}
                  end={link.to === "/"}
                  prefetch="intent"
                  className={({ isActive }) =>
                    `rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-800 ${
                      isActive ? "text-brand-800 underline decoration-2 underline-offset-8" : "text-gray-700"
                    }`
                  }
                >
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 lg:ml-2">
          <LanguageSwitch className="hidden rounded-md px-2 py-2 text-sm font-medium text-brand-800 underline-offset-4 hover:bg-brand-50 hover:underline sm:block" />
          {home ? null : <SearchControl />}
          <CartButton signedIn={Boolean(user)} />
        </div>
      </div>
      {home ? <HomeSearch /> : null}
    </header>
  );
}

/** On the home page the search field is always shown under the bar, phones included. */
function HomeSearch() {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div id="site-search" className="mx-auto max-w-7xl px-4 pb-3 sm:px-6">
      <SearchBox inputRef={inputRef} />
    </div>
  );
}

/**
 * Elsewhere a toggle opens the search (components/search/search-box.tsx, a combobox of
 * suggestions) under the bar. The toggle is a link to #site-search, so before or without
 * JavaScript the panel opens through :target.
 */
function SearchControl() {
  const t = useT();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => setOpen(false), [location.key]);
  useEffect(() => {
    // Opened through the link before the page was hydrated.
    if (window.location.hash === "#site-search") setOpen(true);
  }, []);
  useEffect(() => {
    if (open) inputRef.current?.focus();
    else if (window.location.hash === "#site-search") history.replaceState(history.state, "", window.location.pathname + window.location.search);
  }, [open]);

  return (
    <>
      {/* biome-ignore lint/a11y/useValidAnchor: a real link to the panel without JavaScript (:target), a toggle with it. */}
      <a
        ref={toggleRef}
        href="#site-search"
        className="rounded-md p-2 text-gray-700 hover:bg-brand-50 hover:text-brand-800"
        aria-label={open ? t("frame.header.closeSearch") : t("frame.header.searchProducts")}
        aria-expanded={open}
        aria-controls="site-search"
        onClick={(event) => {
          event.preventDefault();
          setOpen((value) => !value);
        }}
      >
        {open ? <X className="h-5 w-5" aria-hidden /> : <Search className="h-5 w-5" aria-hidden />}
      </a>
      <div
        id="site-search"
        className={`${open ? "block" : "hidden target:block"} absolute inset-x-0 top-16 border-b border-gray-200 bg-white px-4 py-3 shadow-sm`}
      >
        <SearchBox
          inputRef={inputRef}
          onEscape={() => {
            setOpen(false);
            toggleRef.current?.focus();
          }}
        />
      </div>
    </>
  );
}

/**
 * The slide-in menu for narrow screens: a native modal <dialog> (focus kept inside, the page
 * behind inert, Escape closes, focus returns to the button) at a fraction of a widget library's size.
 */
function MobileMenu({ links }: { links: ReturnType<typeof navLinks> }) {
  const t = useT();
  const lp = useLocalePath();
  const [open, setOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) {
      dialog.close();
      buttonRef.current?.focus();
    }
  }, [open]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="rounded-md p-2 text-gray-700 hover:bg-brand-50 lg:hidden"
        aria-label={t("frame.header.openMenu")}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Menu className="h-6 w-6" aria-hidden />
      </button>
      <dialog
        ref={dialogRef}
        aria-labelledby="mobile-menu-title"
        onClose={() => setOpen(false)}
        onKeyDown={keepFocusInside}
        onClick={(event) => {
          // A click on the backdrop lands on the <dialog> element itself.
          if (event.target === event.currentTarget) setOpen(false);
        }}
        className="fixed inset-y-0 left-0 m-0 h-full max-h-none w-72 max-w-[85vw] bg-white p-0 shadow-xl backdrop:bg-black/40"
      >
        <div className="flex items-center justify-between border-b border-gray-200 px-4 py-3">
          <h2 id="mobile-menu-title" className="text-lg font-semibold text-brand-800">
            {t("frame.header.menu")}
          </h2>
          <button
            type="button"
            className="rounded-md p-2 text-gray-700 hover:bg-brand-50"
            aria-label={t("frame.header.closeMenu")}
            onClick={() => setOpen(false)}
          >
            <X className="h-5 w-5" aria-hidden />
          </button>
        </div>
        <nav aria-label={t("frame.header.mobileNav")}>
          <ul className="flex flex-col p-2">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={lp(link.to)}
                  end={link.to === "/"}
                  onClick={() => setOpen(false)}
                  className={({ isActive }) =>
                    `block rounded-md px-3 py-3 text-base font-medium hover:bg-brand-50 ${
                      isActive ? "bg-brand-50 text-brand-800" : "text-gray-800"
                    }`
                  }
                >
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-gray-200 p-2">
          <LanguageSwitch className="block rounded-md px-3 py-3 text-base font-medium text-brand-800 hover:bg-brand-50" />
        </div>
      </dialog>
    </>
  );
}

/**
 * The other language's version of this page (same path and query): a plain link, so it works
 * without JavaScript; named in its own language, with its `lang` and `hreflang`. On the 404 page
 * it leads to the other language's home page: the same unknown address would be a broken link.
 */
function LanguageSwitch({ className }: { className: string }) {
  const location = useLocation();
  const notFound = useMatches().at(-1)?.id === "routes/not-found";
  const other: Language = useLanguage() === "hi" ? "en" : "hi";
  return (
    <Link
      to={localePath(notFound ? "/" : `${location.pathname}${location.search}`, other)}
      lang={other === "hi" ? "hi" : "en"}
      hrefLang={other === "hi" ? "hi-IN" : "en-IN"}
      className={className}
    >
      {LANGUAGE_NAME[other]}
    </Link>
  );
}
