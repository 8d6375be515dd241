import type { MetaDescriptor } from "react-router";
import { SHOP_NAME } from "#common/brand.ts";

/** Title and description for a page; every route's `meta` goes through here. */
export function pageMeta(title: string, description: string): MetaDescriptor[] {
  const fullTitle = title === SHOP_NAME ? title : `${title} | ${SHOP_NAME}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:site_name", content: SHOP_NAME },
  ];
}
