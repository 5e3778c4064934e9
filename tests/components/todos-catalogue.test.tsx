/** The task assistant's texts (locales/todos/*.json) pass the area catalogue checks, and an AI proposal reads into subtask titles. */
import { routes } from '../../config/routes';
import { TODOS_MESSAGES } from '@/pages/assistant/todo-list/messages';
import { parseSubtasks, TODO_LIMITS } from '../../shared/todo-breakdown';
import { describeAreaCatalogue, LOCALES, MAIN, sourcesIn } from './support/area-catalogue';

describeAreaCatalogue(
  {
    name: 'task assistant catalogues',
    prefix: 'todos',
    messages: TODOS_MESSAGES,
    sources: [...sourcesIn('src/pages/assistant/todo-list'), ...sourcesIn('src/pages/index')],
    built: () => [...['all', 'today', 'upcoming', 'done'].flatMap((f) => [`todos.filter.${f}`, `todos.empty.${f}`]), ...[0, 1, 2, 3].map((p) => `todos.priority.${p}`)],
    atLeast: 50,
    values: { count: 2, n: 3, title: 'x', done: 1, total: 2, date: '2030-01-01', input: 1, output: 2, credits: 5, first: '0.5', lane: 'A' },
  },
  () => {
    test('the pages are routed with their titles in the main catalogues; the list hides the left menu', () => {
      const list = routes.find((r) => r.path === '/pages/assistant/todo-list/todo-list');
      const test = routes.find((r) => r.path === '/pages/assistant/todo-list/todo-test');
      expect(list).toMatchObject({ title: 'route.assistant.todoList', frame: 'topOnly' });
      expect(test).toMatchObject({ title: 'route.assistant.todoTest', frame: 'full' });
      for (const l of LOCALES) for (const r of [list!, test!]) expect(MAIN[l][r.title!]).toBeTruthy();
    });
  },
);

describe('a proposal read into subtasks', () => {
  test('bullets, numbering and checkboxes go; blank and repeated lines are skipped', () => {
    expect(parseSubtasks('- Pack the books\r\n2. Hire a van\n\n* Change the address\n3) Hire a van\n[ ] Clean the flat\n• **Return the keys**\n  1、打包行李  ')).toEqual([
      'Pack the books',
      'Hire a van',
      'Change the address',
      'Clean the flat',
      'Return the keys',
      '打包行李',
    ]);
  });

  test('a plain answer keeps its lines; long lines and long lists are capped', () => {
    expect(parseSubtasks('Buy paint\nPaint the wall')).toEqual(['Buy paint', 'Paint the wall']);
    expect(parseSubtasks('')).toEqual([]);
    expect(parseSubtasks('x'.repeat(500))[0]).toHaveLength(TODO_LIMITS.TITLE);
    const many = Array.from({ length: 50 }, (_, i) => `Step ${i + 1}`).join('\n');
    expect(parseSubtasks(many)).toHaveLength(TODO_LIMITS.SUBTASKS);
  });
});
