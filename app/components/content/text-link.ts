// Apart from blocks.tsx so that the home page's one text link does not load the content pages'
// blocks with it (decision 037).

/** Links in running text: underlined so they never rely on colour alone. */
export const TEXT_LINK = "font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900";
