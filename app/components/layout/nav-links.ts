export interface NavUser {
  name: string;
  role: "customer" | "pharmacist" | "admin";
}

export interface NavLink {
  to: string;
  /** The label's catalogue key (app/i18n/<language>/frame.json). */
  label: string;
}

/** The header's links, in the spec's order; the same list feeds the mobile menu. */
export function navLinks(user: NavUser | null): NavLink[] {
  return [
    { to: "/", label: "frame.nav.home" },
    { to: "/about", label: "frame.nav.about" },
    { to: "/collections/all", label: "frame.nav.shop" },
    { to: "/certifications", label: "frame.nav.certifications" },
    { to: "/career", label: "frame.nav.careers" },
    { to: "/contact", label: "frame.nav.contact" },
    ...(user?.role === "admin" ? [{ to: "/admin", label: "frame.nav.admin" }] : []),
    // A pharmacist's part of the admin area is the prescription queue.
    ...(user?.role === "pharmacist" ? [{ to: "/admin/prescriptions", label: "frame.nav.prescriptions" }] : []),
    user ? { to: "/profile", label: "frame.nav.profile" } : { to: "/login", label: "frame.nav.login" },
  ];
}
