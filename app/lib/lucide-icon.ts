import { createElement, type ReactNode, type SVGProps } from "react";

/** An icon's drawing as lucide-react ships it (`__iconData` in lucide-react/dist/esm/icons/*.mjs). */
export interface IconData {
  name: string;
  size?: number;
  /** Former names, each also a class (`lucide-<alias>`). */
  aliases?: string[];
  node: [tag: string, attributes: Record<string, string | number>][];
}

export type IconProps = Omit<SVGProps<SVGSVGElement>, "ref"> & {
  size?: number | string;
  absoluteStrokeWidth?: boolean;
  children?: ReactNode;
};

const ACCESSIBLE = /^(aria-|role$|title$)/;

/**
 * The component for one lucide icon, drawing the same <svg> as lucide-react's runtime (class
 * `lucide lucide-<name>`, 24 × 24, stroke 2, `aria-hidden` unless given an accessible name) in a
 * fraction of its size. vite.config.ts rewrites `import { X } from "lucide-react"` in app/ to
 * `createIcon(<X's data>)` (decision 037); the props used here are the ones the shop passes.
 */
export function createIcon({ name, size: box = 24, aliases = [], node }: IconData) {
  const own = ["lucide", `lucide-${name}`, ...aliases.filter((alias) => alias.trim() !== "").map((alias) => `lucide-${alias}`)];
  // biome-ignore lint/correctness/noComponentHookFactories: called once per icon at module level (the rewritten imports), like lucide's own createLucideIcon.
  function Icon({ className, size = 24, width, height, color = "currentColor", strokeWidth = 2, absoluteStrokeWidth, children, ...rest }: IconProps) {
    const record = rest as Record<string, unknown>;
    const labelled = Boolean(children) || Object.keys(record).some((key) => ACCESSIBLE.test(key) && record[key] != null);
    const classes = new Set([...own, ...(className ?? "").split(/\s+/)]);
    classes.delete("");
    return createElement(
      "svg",
      {
        xmlns: "http://www.w3.org/2000/svg",
        width: width ?? size,
        height: height ?? size,
        viewBox: `0 0 ${box} ${box}`,
        fill: "none",
        stroke: color,
        strokeWidth: absoluteStrokeWidth ? (Number(strokeWidth) * box) / Number(size) : strokeWidth,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: [...classes].join(" "),
        ...(labelled ? {} : { "aria-hidden": "true" }),
        ...rest,
      },
      ...node.map(([tag, attributes]) => createElement(tag, attributes)),
      children,
    );
  }
  return Icon;
}
