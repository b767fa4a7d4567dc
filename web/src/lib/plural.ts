/** English's plural categories (one, other), as the browser and the server both know them. */
const rules = new Intl.PluralRules('en-US');

/** The noun for `count`: 'like' for 1, 'likes' for 0, 2 or 1.5; the plural an `s` unless given. */
export function pluralNoun(count: number, noun: string, nouns = `${noun}s`) {
  return rules.select(count) === 'one' ? noun : nouns;
}

/** '1 like', '0 likes', '1,200 likes': a count with its noun. */
export function plural(count: number, noun: string, nouns = `${noun}s`) {
  return `${count.toLocaleString('en-US')} ${pluralNoun(count, noun, nouns)}`;
}
