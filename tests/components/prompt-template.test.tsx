/** The prompt templates' variable syntax: what the form shows for a body, where a bad variable is, and the filled text. */
import { fill, parseVariables, TemplateSyntaxError } from '../../shared/prompt-template';

const errorOf = (body: string) => {
  try {
    parseVariables(body);
  } catch (e) {
    if (e instanceof TemplateSyntaxError) return [e.reason, e.position];
    throw e;
  }
  return null;
};

test('each typed variable is read once, the first occurrence winning', () => {
  expect(parseVariables('Dear {{name}}, a {{tone:select:formal|casual}} note of {{length:number}} words.\n{{text:textarea}} {{name:number}}')).toEqual([
    { name: 'name', type: 'text' },
    { name: 'tone', type: 'select', options: ['formal', 'casual'] },
    { name: 'length', type: 'number' },
    { name: 'text', type: 'textarea' },
  ]);
  expect(parseVariables('{{ 主题 }} and {{_x1:text}}')).toEqual([
    { name: '主题', type: 'text' },
    { name: '_x1', type: 'text' },
  ]);
  expect(parseVariables('no variables { here }')).toEqual([]);
});

test('a malformed variable is an error with its position', () => {
  expect(errorOf('Hi {{name')).toEqual(['unclosed', 3]);
  expect(errorOf('{{a {{b}}')).toEqual(['unclosed', 0]);
  expect(errorOf('x {{1abc}}')).toEqual(['bad-name', 2]);
  expect(errorOf('{{}}')).toEqual(['bad-name', 0]);
  expect(errorOf('ok {{a}} {{b:color}}')).toEqual(['bad-type', 9]);
  expect(errorOf('{{tone:select}}')).toEqual(['no-options', 0]);
  expect(errorOf('{{tone:select:|}}')).toEqual(['no-options', 0]);
  expect(errorOf('{{n:number:5}}')).toEqual(['options-not-allowed', 0]);
});

test('fill puts each value in every place its variable appears', () => {
  expect(fill('{{greet:select:Hi|Hello}} {{name}}, {{name}}! {{n:number}} {{missing}}.', { greet: 'Hello', name: 'Ann', n: 3 })).toBe('Hello Ann, Ann! 3 .');
  expect(fill('plain text', {})).toBe('plain text');
});
