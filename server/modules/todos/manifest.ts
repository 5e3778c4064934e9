/** The task assistant module: the todo list and its AI breakdowns. */
import type { ModuleManifest } from '../services';
import { todoRoutes } from './routes';
import { TodoService } from './service';

export const todosModule: ModuleManifest = {
  name: 'todos',
  tables: ['todos'],
  services: ({ db }) => ({ todos: new TodoService(db) }),
  routes: todoRoutes,
};
