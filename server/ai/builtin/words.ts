/** Small word helpers the built-in generator's text rules share. */

/** The words of a text, split on white space. */
export const words = (s: string): string[] => s.split(/\s+/).filter(Boolean);

/** A word without the quotes, brackets and punctuation around it. */
export const strip = (w: string): string => w.replace(/^[("'“‘]+|[),.;:!?"'”’]+$/g, '');

export const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** Whether a word starts with a capital letter (a name, mid-sentence), its punctuation aside. */
export const isCapitalised = (w: string): boolean => /^[A-Z]/.test(strip(w));
