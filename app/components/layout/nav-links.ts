export interface NavUser {
  name: string;
  role: "customer" | "pharmacist" | "admin";
}

export interface NavLink {
  to: string;
  label: string;
}

/** The header's links, in the spec's order; the same list feeds the mobile menu. */
export function navLinks(user: NavUser | null): NavLink[] {
  return [
    { to: "/", label: "Home" },
    { to: "/about", label: "About" },
    { to: "/collections/all", label: "Shop" },
    { to: "/certifications", label: "Certifications" },
    { to: "/career", label: "Careers" },
    { to: "/contact", label: "Contact" },
    ...(user?.role === "admin" ? [{ to: "/admin", label: "Admin" }] : []),
    // A pharmacist's part of the admin area is the prescription queue.
    ...(user?.role === "pharmacist" ? [{ to: "/admin/prescriptions", label: "Prescriptions" }] : []),
    user ? { to: "/profile", label: "Profile" } : { to: "/login", label: "Login" },
  ];
}
