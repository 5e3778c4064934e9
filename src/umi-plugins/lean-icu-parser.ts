/**
 * A small ICU message parser, bundled into the console in place of intl-messageformat-parser
 * (the alias is in .umirc.ts): react-intl parses every message at run time, and the stock PEG
 * parser is 17 kB (gzip) of the login page's first load, this one about 1 kB.
 *
 * It produces the same elements as intl-messageformat-parser 3.x for what messages use:
 * literals with ICU apostrophe quoting, {arg}, {arg, number|date|time[, style]},
 * {arg, plural|selectordinal [offset:n] ...} with # and =n keys, {arg, select ...}.
 * Number and date skeletons ({n, number, ::currency/EUR}) are not supported: such a message
 * fails to parse and react-intl shows its id. tests/components/message-parser.test.tsx compares
 * this parser with the stock one on every catalogue entry.
 */

export enum TYPE {
  literal = 0,
  argument = 1,
  number = 2,
  date = 3,
  time = 4,
  select = 5,
  plural = 6,
  pound = 7,
}

interface Element {
  type: TYPE;
  value?: string;
  style?: string | null;
  options?: Record<string, { value: Element[] }>;
  offset?: number;
  pluralType?: 'cardinal' | 'ordinal';
}

export type MessageFormatElement = Element;

class ParseError extends Error {
  constructor(message: string, input: string, at: number) {
    super(`${message} at ${at} in ${JSON.stringify(input)}`);
  }
}

const WHITE = /\s/;

export function parse(input: string): Element[] {
  let i = 0;
  const fail = (what: string): never => {
    throw new ParseError(what, input, i);
  };
  const skipWhite = () => {
    while (i < input.length && WHITE.test(input[i])) i++;
  };
  /** an argument name, a keyword or a selector: up to white space or punctuation */
  const word = () => {
    skipWhite();
    const start = i;
    while (i < input.length && !WHITE.test(input[i]) && !'{},'.includes(input[i])) i++;
    if (i === start) fail('expected a name');
    return input.slice(start, i);
  };
  const expect = (c: string) => {
    skipWhite();
    if (input[i] !== c) fail(`expected "${c}"`);
    i++;
  };

  /** a message up to an unmatched '}' (or the end at depth 0); inPlural: '#' is the number */
  const message = (depth: number, inPlural: boolean): Element[] => {
    const out: Element[] = [];
    let text = '';
    const flush = () => {
      if (text) out.push({ type: TYPE.literal, value: text });
      text = '';
    };
    while (i < input.length) {
      const c = input[i];
      if (c === "'") {
        const next = input[i + 1];
        if (next === "'") {
          text += "'";
          i += 2;
        } else if (next === '{' || next === '}' || (inPlural && next === '#')) {
          // quoted text: up to the next lone apostrophe ('' inside stays one apostrophe)
          i++;
          for (;;) {
            if (i >= input.length) break;
            if (input[i] === "'") {
              if (input[i + 1] === "'") {
                text += "'";
                i += 2;
                continue;
              }
              i++;
              break;
            }
            text += input[i++];
          }
        } else {
          text += c;
          i++;
        }
      } else if (c === '{') {
        flush();
        i++;
        out.push(argument(depth));
      } else if (c === '}') {
        if (depth === 0) fail('unmatched "}"');
        break;
      } else if (c === '#' && inPlural) {
        flush();
        out.push({ type: TYPE.pound });
        i++;
      } else {
        text += c;
        i++;
      }
    }
    flush();
    return out;
  };

  /** after '{': through the matching '}' */
  const argument = (depth: number): Element => {
    const value = word();
    skipWhite();
    if (input[i] === '}') {
      i++;
      return { type: TYPE.argument, value };
    }
    expect(',');
    const kind = word();
    skipWhite();
    if (kind === 'number' || kind === 'date' || kind === 'time') {
      let style: string | null = null;
      if (input[i] === ',') {
        i++;
        const end = input.indexOf('}', i);
        if (end < 0) fail('expected "}"');
        style = input.slice(i, end).trim();
        if (!style || style.startsWith('::')) fail('number and date skeletons are not supported');
        i = end;
      }
      expect('}');
      return { type: kind === 'number' ? TYPE.number : kind === 'date' ? TYPE.date : TYPE.time, style, value };
    }
    if (kind !== 'plural' && kind !== 'selectordinal' && kind !== 'select') return fail(`unknown argument type "${kind}"`);
    expect(',');
    const plural = kind !== 'select';
    let offset = 0;
    skipWhite();
    if (plural && input.startsWith('offset:', i)) {
      i += 'offset:'.length;
      skipWhite();
      const m = /^-?\d+/.exec(input.slice(i));
      if (!m) fail('expected the offset');
      offset = Number(m![0]);
      i += m![0].length;
    }
    const options: Record<string, { value: Element[] }> = {};
    for (;;) {
      skipWhite();
      if (input[i] === '}') break;
      const key = word();
      expect('{');
      options[key] = { value: message(depth + 1, plural) };
      expect('}');
    }
    if (!options.other) fail('a plural or select needs an "other" case');
    i++;
    if (!plural) return { type: TYPE.select, value, options };
    return { type: TYPE.plural, pluralType: kind === 'plural' ? 'cardinal' : 'ordinal', value, offset, options };
  };

  return message(0, false);
}

// the element tests intl-messageformat's formatter imports from the parser
export const isLiteralElement = (el: Element) => el.type === TYPE.literal;
export const isArgumentElement = (el: Element) => el.type === TYPE.argument;
export const isNumberElement = (el: Element) => el.type === TYPE.number;
export const isDateElement = (el: Element) => el.type === TYPE.date;
export const isTimeElement = (el: Element) => el.type === TYPE.time;
export const isSelectElement = (el: Element) => el.type === TYPE.select;
export const isPluralElement = (el: Element) => el.type === TYPE.plural;
export const isPoundElement = (el: Element) => el.type === TYPE.pound;
/** this parser never produces skeletons */
export const isNumberSkeleton = () => false;
export const isDateTimeSkeleton = () => false;
export function convertNumberSkeletonToNumberFormatOptions(): never {
  throw new Error('number skeletons are not supported');
}
export function parseDateTimeSkeleton(): never {
  throw new Error('date skeletons are not supported');
}
