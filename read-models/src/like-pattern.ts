/** A substring search for ILIKE, its wildcards escaped so that a search for "50%" means the text, not a pattern. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
