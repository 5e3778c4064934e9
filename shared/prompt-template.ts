/**
 * Prompt templates' typed variables, read the same way by the server (validation, export) and the
 * console (the live form): `{{name}}`, `{{tone:select:formal|casual}}`, `{{n:number}}`, `{{t:textarea}}`.
 */

export type VariableType = 'text' | 'select' | 'number' | 'textarea';

export interface TemplateVariable {
  name: string;
  type: VariableType;
  /** the choices of a select */
  options?: string[];
}

/** why a variable could not be read, and where (index of its `{{` in the body) */
export class TemplateSyntaxError extends Error {
  constructor(
    readonly reason: 'unclosed' | 'bad-name' | 'bad-type' | 'no-options' | 'options-not-allowed',
    readonly position: number,
  ) {
    super(`${reason} at ${position}`);
  }
}

const NAME =
  /^[A-Za-z_\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}][A-Za-z0-9_\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]*$/u;
const TYPES: readonly VariableType[] = ['text', 'select', 'number', 'textarea'];

interface Token {
  start: number;
  end: number;
  variable: TemplateVariable;
}

function tokens(body: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  for (;;) {
    const start = body.indexOf('{{', i);
    if (start < 0) return out;
    const close = body.indexOf('}}', start + 2);
    // a `{{` opening again before this one closes is an unclosed variable too
    const reopen = body.indexOf('{{', start + 2);
    if (close < 0 || (reopen >= 0 && reopen < close)) throw new TemplateSyntaxError('unclosed', start);
    const inner = body.slice(start + 2, close).trim();
    const [rawName, rawType, ...rest] = inner.split(':');
    const name = rawName.trim();
    if (!NAME.test(name)) throw new TemplateSyntaxError('bad-name', start);
    const type = (rawType === undefined ? 'text' : rawType.trim()) as VariableType;
    if (!TYPES.includes(type)) throw new TemplateSyntaxError('bad-type', start);
    const variable: TemplateVariable = { name, type };
    if (type === 'select') {
      const options = rest
        .join(':')
        .split('|')
        .map((o) => o.trim())
        .filter(Boolean);
      if (!options.length) throw new TemplateSyntaxError('no-options', start);
      variable.options = options;
    } else if (rest.length) {
      throw new TemplateSyntaxError('options-not-allowed', start);
    }
    out.push({ start, end: close + 2, variable });
    i = close + 2;
  }
}

/** the body's variables in order of first appearance (a repeated name keeps its first definition) */
export function parseVariables(body: string): TemplateVariable[] {
  const seen = new Map<string, TemplateVariable>();
  for (const t of tokens(body)) if (!seen.has(t.variable.name)) seen.set(t.variable.name, t.variable);
  return [...seen.values()];
}

/** the body with each variable replaced by its value (a missing value leaves an empty string) */
export function fill(body: string, values: Record<string, string | number | null | undefined>): string {
  let out = '';
  let at = 0;
  for (const t of tokens(body)) {
    const v = values[t.variable.name];
    out += body.slice(at, t.start) + (v === null || v === undefined ? '' : String(v));
    at = t.end;
  }
  return out + body.slice(at);
}
