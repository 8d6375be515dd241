import { measurePages } from "./tests/support/js-budget.ts";
for (const p of measurePages("build", "routes/shop-layout")) if (["/profile", "/product/:productId", "/order/:orderId", "/checkout"].includes(p.page)) console.log(p.page, p.gzipBytes, 143360 - p.gzipBytes, p.modules);
