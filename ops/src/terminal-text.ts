/**
 * Text from the log made safe to write to a terminal. Events recorded before the text schemas
 * refused them may hold control characters (a terminal takes U+009B, or ESC, for the start of a
 * command that can rewrite the screen) and bidirectional overrides (a name that reads as another):
 * each such character is written as its escape, `\u009b`, so what is printed is what is stored.
 * Line breaks stay when `lineBreaks` is set (a JSON document printed over several lines).
 */
export function forTerminal(text: string, { lineBreaks = false } = {}): string {
  let safe = '';
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const pair = code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(index + 1));
    if (pair) {
      safe += text.slice(index, index + 2);
      index++;
    } else if (unsafe(code) && !(lineBreaks && code === 0x0a)) {
      safe += `\\u${code.toString(16).padStart(4, '0')}`;
    } else {
      safe += text[index];
    }
  }
  return safe;
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** C0 controls, DEL, C1 controls, the bidirectional overrides and isolates, and (unpaired) surrogates. */
const unsafe = (code: number) =>
  code < 0x20 ||
  (code >= 0x7f && code <= 0x9f) ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069) ||
  (code >= 0xd800 && code <= 0xdfff);
