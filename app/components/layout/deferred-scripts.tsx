import { Children, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts } from "react-router";

type ElementProps = {
  rel?: string;
  href?: string;
  type?: string;
  children?: ReactNode;
  dangerouslySetInnerHTML?: { __html: string };
};

/** Every element in React Router's `<Scripts>` output, fragments flattened. */
function flatten(node: ReactNode): ReactElement<ElementProps>[] {
  return Children.toArray(node).flatMap((child) => {
    if (!isValidElement<ElementProps>(child)) return [];
    return typeof child.type === "string" ? [child] : flatten(child.props.children);
  });
}

/**
 * Starts the application's modules once the page has been shown: after the `load` event (the
 * LCP image is in) and the first paint, so hydration never competes with the first paint for
 * the main thread or with the LCP image for the network. The server-rendered page works without
 * JavaScript in the meantime (decision 010). A hidden page does not paint, a browser without
 * paint timing cannot say, and two seconds after `load` nobody waits any longer.
 */
function loaderSource(hrefs: string[], moduleSource: string): string {
  const code = `(function(){var s=document.currentScript,n=s&&s.nonce,h=${JSON.stringify(hrefs)},m=${JSON.stringify(moduleSource)},
P=window.PerformanceObserver,loaded=document.readyState==="complete",started=false,
painted=document.visibilityState!=="visible"||!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf("paint")<0;
function preload(i){h.slice(i,i+6).forEach(function(u){var l=document.createElement("link");l.rel="modulepreload";l.href=u;if(n)l.nonce=n;document.head.appendChild(l)});
if(i+6<h.length)setTimeout(function(){preload(i+6)},0)}
function go(){if(started||!loaded||!painted)return;started=true;preload(0);
var e=document.createElement("script");e.type="module";if(n)e.nonce=n;e.textContent=m;document.body.appendChild(e)}
if(!painted)new P(function(list,observer){observer.disconnect();painted=true;go()}).observe({type:"paint",buffered:true});
function onLoad(){loaded=true;go();setTimeout(function(){painted=true;go()},2000)}
if(loaded)onLoad();else addEventListener("load",onLoad,{once:true})})();`;
  // The JSON is inside a <script>: "</" and "<!--" must not end or comment it.
  return code.replace(/<\/|<!--/g, (match) => (match === "</" ? "<\\/" : "\\x3C!--"));
}

/**
 * React Router's `<Scripts>` with the module loading deferred until after the first paint.
 * `<Scripts>` is called as a function (its hooks become this component's) and its elements are
 * rewritten: the modulepreload links and the inline module script become one classic script that
 * adds them later. The context script (loader data for hydration) stays as it is. After
 * hydration `<Scripts>` renders nothing, and so does this.
 */
export function DeferredScripts({ nonce }: { nonce?: string }) {
  const elements = flatten(Scripts({ nonce }));
  if (elements.length === 0) return null;
  const hrefs = elements.filter((element) => element.props.rel === "modulepreload").map((element) => element.props.href!);
  const contextScript = elements.find((element) => element.type === "script" && element.props.type === undefined);
  const moduleScript = elements.find((element) => element.type === "script" && element.props.type === "module");
  // import.meta.env.SSR is a build-time constant: the browser's bundle leaves loaderSource out.
  const isServer = import.meta.env.SSR;
  return (
    <>
      {contextScript}
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: isServer ? loaderSource(hrefs, moduleScript?.props.dangerouslySetInnerHTML?.__html ?? "") : " " }}
      />
    </>
  );
}
