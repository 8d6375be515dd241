import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** The shop's screens, as the product specification lists them. */
export default [
  layout("routes/shop-layout.tsx", [
    index("routes/home.tsx"),
    route("collections/:collection", "routes/collection.tsx"),
    route("product/:productId", "routes/product.tsx"),
    route("login", "routes/login.tsx"),
    route("register", "routes/register.tsx"),
    route("profile", "routes/profile.tsx"),
    route("checkout", "routes/checkout.tsx"),
    route("order-confirmation", "routes/order-confirmation.tsx"),
    route("order/:orderId", "routes/order.tsx"),
    route("about", "routes/about.tsx"),
    route("certifications", "routes/certifications.tsx"),
    route("quality", "routes/quality.tsx"),
    route("career", "routes/career.tsx"),
    route("apply", "routes/apply.tsx"),
    route("career-path", "routes/career-path.tsx"),
    route("talent-network", "routes/talent-network.tsx"),
    route("contact", "routes/contact.tsx"),
    route("terms", "routes/terms.tsx"),
    route("shipping", "routes/shipping.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("how-to-order", "routes/how-to-order.tsx"),
    route("newsletter", "routes/newsletter.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  // The admin area: its own layout (no shop header), admins only (checked on the server by every route).
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("products", "routes/admin/products.tsx"),
    route("products/new", "routes/admin/product-new.tsx"),
    route("products/:productId/edit", "routes/admin/product-edit.tsx"),
    route("orders", "routes/admin/orders.tsx"),
    route("orders/:orderId", "routes/admin/order.tsx"),
    route("inbox", "routes/admin/inbox.tsx"),
    route("inbox/subscribers.csv", "routes/admin/subscribers-csv.ts"),
  ]),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
] satisfies RouteConfig;
