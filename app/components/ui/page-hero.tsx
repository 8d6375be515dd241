/** The heading band at the top of content pages. */
export function PageHero({ title, intro, eyebrow }: { title: string; intro?: string; eyebrow?: string }) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p> : null}
        <h1 className="mt-1 text-3xl font-bold text-gray-900 sm:text-4xl">{title}</h1>
        {intro ? <p className="mt-4 max-w-3xl text-lg text-gray-700">{intro}</p> : null}
      </div>
    </div>
  );
}
